# expect: bug
# source: https://github.com/jax-md/jax-md/pull/158
# mistake: explicit differentiation through an energy minimisation uses lax.fori_loop(0, num_steps, ...) with num_steps passed as an ordinary argument to jax.jit(jax.grad(...)), so the loop bounds are traced and reverse mode fails.
# kind: 3 grad-through-while
import jax
import jax.numpy as jnp
from jax import lax


def energy(params, R):
    sigma, eps = params["sigma"], params["epsilon"]
    d = R[:, None, :] - R[None, :, :]
    r2 = jnp.sum(d ** 2, axis=-1) + jnp.eye(R.shape[0])
    return 0.5 * eps * jnp.sum(jnp.where(jnp.eye(R.shape[0]) > 0, 0.0, (sigma ** 2 / r2 - 1.0) ** 2))


def explicit_diff(params, R_init, num_steps):
    force = jax.grad(energy, argnums=1)

    def descent(i, R):
        return R - 0.01 * force(params, R)

    R_final = lax.fori_loop(0, num_steps, descent, R_init)
    return energy(params, R_final)


def main():
    params = {"sigma": jnp.asarray(1.0), "epsilon": jnp.asarray(1.0)}
    R = jax.random.uniform(jax.random.PRNGKey(0), (4, 2)) * 2.0
    dE = jax.jit(jax.grad(explicit_diff))
    print(dE(params, R, 20))


if __name__ == "__main__":
    main()
