# expect: none
# source: https://github.com/google-research/ott/issues/7
# mistake: Looks like the same Sinkhorn solver differentiated inside the loss, but it runs a fixed
#   number of iterations with lax.scan, which reverse mode can differentiate.
# case: grad-dynamic-loop-sinkhorn-fixed-scan-ok
# kind: lookalike
# rules: SCN210
# jax: runs
# pair: grad-dynamic-loop-sinkhorn-while
# note: The thread's resolution was a scan-based fixed-iteration outer loop; the convergence check is
#   dropped and the iteration count is a static constructor argument.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


class Sinkhorn:
    def __init__(self, epsilon=0.1, n_iter=50):
        self.epsilon = epsilon
        self.n_iter = n_iter

    def __call__(self, cost, a, b):
        eps = self.epsilon

        def body(carry, _):
            f, g = carry
            f = eps * jnp.log(a) - eps * logsumexp((g[None, :] - cost) / eps, axis=1)
            g = eps * jnp.log(b) - eps * logsumexp((f[:, None] - cost) / eps, axis=0)
            return (f, g), None

        (f, g), _ = jax.lax.scan(body, (jnp.zeros_like(a), jnp.zeros_like(b)), None, length=self.n_iter)
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
    g = jax.grad(ot_loss)(x, y, Sinkhorn())
    assert bool(jnp.all(jnp.isfinite(g)))
    return g


if __name__ == "__main__":
    RESULT = main()
