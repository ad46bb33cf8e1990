# expect: bug
# source: https://github.com/google-research/ott/issues/7
# mistake: Sinkhorn iterations run in a lax.while_loop until the marginal error falls below a tolerance,
#   and the training loss differentiates through that loop, which reverse mode cannot do.
# case: grad-dynamic-loop-sinkhorn-while
# kind: mistake
# rules: SCN210
# jax: raises Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
# note: The thread hit this computing grads of a Sinkhorn-based loss in a graph model (ott then added a
#   scan-based fixed_iter_loop); this is a self-contained log-domain Sinkhorn without ott.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


class Sinkhorn:
    def __init__(self, epsilon=0.1, tol=1e-3, max_iter=200):
        self.epsilon = epsilon
        self.tol = tol
        self.max_iter = max_iter

    def __call__(self, cost, a, b):
        eps = self.epsilon

        def cond(state):
            it, f, g, err = state
            return (err > self.tol) & (it < self.max_iter)

        def body(state):
            it, f, g, _ = state
            f = eps * jnp.log(a) - eps * logsumexp((g[None, :] - cost) / eps, axis=1)
            g = eps * jnp.log(b) - eps * logsumexp((f[:, None] - cost) / eps, axis=0)
            plan = jnp.exp((f[:, None] + g[None, :] - cost) / eps)
            err = jnp.abs(plan.sum(1) - a).sum()
            return it + 1, f, g, err

        init = (0, jnp.zeros_like(a), jnp.zeros_like(b), jnp.inf)
        _, f, g, _ = jax.lax.while_loop(cond, body, init)
        return jnp.exp((f[:, None] + g[None, :] - cost) / eps)


def ot_loss(x, y, solver):
    cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
    a = jnp.full(x.shape[0], 1.0 / x.shape[0])
    b = jnp.full(y.shape[0], 1.0 / y.shape[0])
    plan = solver(cost, a, b)
    return jnp.sum(plan * cost)


def main():
    x = jax.random.normal(jax.random.key(0), (12, 2))
    y = jax.random.normal(jax.random.key(1), (10, 2)) + 1.0
    return jax.grad(ot_loss)(x, y, Sinkhorn())


if __name__ == "__main__":
    RESULT = main()
