# expect: bug
# source: https://github.com/cvxpy/cvxpylayers/pull/191
# mistake: a first-order solver class iterates with lax.while_loop until its residual is small, and the layer then calls jax.grad through solve(), which needs reverse-mode through the while loop.
# kind: 3 grad-through-while
import jax
import jax.numpy as jnp
from jax import lax


class BoxQPSolver:
    """Projected gradient for min 0.5 x'Qx + c'x s.t. 0 <= x <= 1."""

    def __init__(self, Q, eps_abs=1e-5, max_iter=500, step=0.2):
        self.Q = Q
        self.eps_abs = eps_abs
        self.max_iter = max_iter
        self.step = step

    def solve(self, c):
        def cond(state):
            k, x, res = state
            return (res > self.eps_abs) & (k < self.max_iter)

        def body(state):
            k, x, _ = state
            x_new = jnp.clip(x - self.step * (self.Q @ x + c), 0.0, 1.0)
            return k + 1, x_new, jnp.max(jnp.abs(x_new - x))

        _, x, _ = lax.while_loop(cond, body, (0, jnp.zeros_like(c), jnp.inf))
        return x


def main():
    Q = jnp.array([[2.0, 0.5], [0.5, 1.0]])
    solver = BoxQPSolver(Q)
    target = jnp.array([0.3, 0.7])

    def layer_loss(c):
        return jnp.sum((solver.solve(c) - target) ** 2)

    print(jax.grad(layer_loss)(jnp.array([-0.5, -0.5])))


if __name__ == "__main__":
    main()
