# expect: none
# source: https://github.com/mancusolab/jaxqtl/issues/1
# mistake: the IRLS iterations run in jax.lax.while_loop with a convergence test, so the traced program contains one loop body regardless of max_iter.
import time
from functools import partial

import jax
import jax.numpy as jnp


class Poisson:
    def linkinv(self, eta):
        return jnp.exp(eta)

    def weights(self, mu):
        return mu

    def working_response(self, eta, mu, y):
        return eta + (y - mu) / mu


def irls(X, y, family, init, max_iter, tol=1e-3):
    def body_fun(state):
        i, beta, _ = state
        eta = X @ beta
        mu = family.linkinv(eta)
        w = family.weights(mu)
        z = family.working_response(eta, mu, y)
        XtW = X.T * w
        beta_new = jnp.linalg.solve(XtW @ X, XtW @ z)
        return i + 1, beta_new, jnp.linalg.norm(beta_new - beta) < tol

    def cond_fun(state):
        i, _, converged = state
        return (i < max_iter) & ~converged

    _, beta, converged = jax.lax.while_loop(cond_fun, body_fun, (0, init, False))
    return beta, converged


@partial(jax.jit, static_argnames=("max_iter",))
def fit_glm(X, y, max_iter=80):
    return irls(X, y, Poisson(), jnp.zeros(X.shape[1]), max_iter)


def main():
    key = jax.random.PRNGKey(0)
    X = jnp.concatenate([jnp.ones((500, 1)), 0.3 * jax.random.normal(key, (500, 3))], axis=1)
    y = jax.random.poisson(jax.random.fold_in(key, 1), jnp.exp(X @ jnp.array([0.5, 0.2, -0.1, 0.3]))).astype(jnp.float32)
    n_eqns = len(jax.make_jaxpr(partial(fit_glm, max_iter=80))(X, y).jaxpr.eqns[0].params["jaxpr"].eqns)
    t0 = time.perf_counter()
    beta, conv = fit_glm(X, y, max_iter=80)
    beta.block_until_ready()
    print(f"max_iter=80: {n_eqns} jaxpr equations, first call {time.perf_counter() - t0:.2f}s, beta={beta}, converged={bool(conv)}")
