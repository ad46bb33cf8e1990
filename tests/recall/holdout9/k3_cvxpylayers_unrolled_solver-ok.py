# expect: none
# source: https://github.com/cvxpy/cvxpylayers/pull/191
# mistake: none; the solver is run with unroll=True, i.e. a fixed-length lax.scan whose steps freeze once converged, so jax.grad through solve() works.
# kind: 3 grad-through-while
import jax
import jax.numpy as jnp
from jax import lax


class BoxQPSolver:
    def __init__(self, Q, eps_abs=1e-5, max_iter=200, step=0.2):
        self.Q = Q
        self.eps_abs = eps_abs
        self.max_iter = max_iter
        self.step = step

    def solve(self, c):
        def body(x, _):
            x_new = jnp.clip(x - self.step * (self.Q @ x + c), 0.0, 1.0)
            done = jnp.max(jnp.abs(x_new - x)) <= self.eps_abs
            return jnp.where(done, x, x_new), None

        x, _ = lax.scan(body, jnp.zeros_like(c), None, length=self.max_iter)
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
