# expect: none
# source: https://github.com/jax-ml/jax/issues/4615
# mistake: Look-alike: the per-iteration value is returned as a scan output and printed from Python after the loop, so every step's numeric value is seen.
# kind: 7 side effects in loop bodies
import jax
import jax.numpy as jnp
from jax import lax


def energy(params, x):
    return -jnp.sum(jnp.cos(params * x))


def relax(params, xs):
    def body(p, x):
        g = jax.grad(energy)(p, x)
        return p - 0.1 * g, energy(p, x)

    return lax.scan(body, params, xs)


def main():
    xs = jnp.linspace(0.1, 1.0, 8)[:, None] * jnp.ones((8, 3))
    params, energies = jax.jit(relax)(jnp.ones(3), xs)
    for i, e in enumerate(energies.tolist()):
        print(f"step {i} JUtotal: {e:.4f}")


if __name__ == "__main__":
    main()
