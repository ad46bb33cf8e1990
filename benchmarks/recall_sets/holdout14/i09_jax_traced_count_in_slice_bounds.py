# expect: bug
# source: https://github.com/jax-ml/jax/issues/4531
# mistake: the jitted per-iteration solve slices the stacked solution with sol_x[0:n_rob*nvar] and reshapes with n_rob, but n_rob is passed as an ordinary (traced) argument rather than a static one, so the slice bounds are tracers and the first call inside the optimisation loop fails.
import jax
import jax.numpy as jnp


@jax.jit
def compute_x(num, n_rob, P, cost_mat_inv_x, lincost_mat, lamda_x, rho_w_alpha):
    nvar = jnp.shape(P)[1]
    sol_x = jnp.dot(cost_mat_inv_x, lincost_mat - lamda_x / rho_w_alpha)
    primal_sol_x = sol_x[0:n_rob * nvar]
    cx = primal_sol_x.reshape(n_rob, nvar)
    x = jnp.dot(P, cx.T).T
    return primal_sol_x, x


def main():
    num, n_rob, nvar = 20, 2, 4
    P = jnp.ones((num, nvar)) / nvar
    cost_mat_inv_x = jnp.eye(n_rob * nvar + 3)
    lincost_mat = jnp.arange(n_rob * nvar + 3, dtype=jnp.float32)
    lamda_x = jnp.zeros(n_rob * nvar + 3)
    for it in range(5):
        primal_sol_x, x = compute_x(num, n_rob, P, cost_mat_inv_x, lincost_mat, lamda_x, 1.0)
        lamda_x = lamda_x + 0.1 * jnp.pad(primal_sol_x, (0, 3))
    print(x.shape)
    return x


if __name__ == "__main__":
    main()
