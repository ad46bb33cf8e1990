# expect: bug
# source: https://github.com/QuantEcon/lecture-jax/issues/95
# mistake: power_iteration_sr is jitted without static_argnums, so passing num_iterations makes it a tracer and `for _ in range(num_iterations)` raises TracerIntegerConversionError
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, seed=1234):
    "Estimates the spectral radius of A via power iteration."
    key = jax.random.PRNGKey(seed)
    b_k = jax.random.normal(key, (A.shape[1],))
    sr = 0
    for _ in range(num_iterations):
        b_k1 = jnp.dot(A, b_k)
        b_k1_norm = jnp.linalg.norm(b_k1)
        sr = jnp.sum(b_k1 * b_k) / jnp.sum(b_k * b_k)
        b_k = b_k1 / b_k1_norm
    return sr


power_iteration_sr = jax.jit(power_iteration_sr)


def main():
    A = jnp.array([[0.9, 0.1], [0.2, 0.8]])
    # raises jax.errors.TracerIntegerConversionError
    print(power_iteration_sr(A, num_iterations=25))


if __name__ == "__main__":
    main()
