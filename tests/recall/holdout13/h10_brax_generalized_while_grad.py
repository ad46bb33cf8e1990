# expect: bug
# source: https://github.com/google/brax/issues/290
# mistake: The pipeline step solves its mass-matrix system with a convergence-driven lax.while_loop, so taking jax.grad of a reward accumulated over environment steps fails in reverse mode.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def iterative_solve(mass, rhs, tol=1e-6, max_iter=50):
    """Jacobi iterations until the residual is small (approximate=True path)."""
    d = jnp.diag(mass)

    def cond(c):
        i, x = c
        return (jnp.linalg.norm(mass @ x - rhs) > tol) & (i < max_iter)

    def body(c):
        i, x = c
        return i + 1, (rhs - (mass @ x - d * x)) / d

    return lax.while_loop(cond, body, (0, jnp.zeros_like(rhs)))[1]


class Pipeline:
    def __init__(self, dt=0.02):
        self.dt = dt
        self.mass = jnp.array([[4.0, 1.0], [1.0, 3.0]])

    def step(self, state, action):
        q, qd = state
        qdd = iterative_solve(self.mass, action - 0.5 * q)
        qd = qd + self.dt * qdd
        return q + self.dt * qd, qd


def rollout_return(actions, pipeline):
    state = (jnp.zeros(2), jnp.zeros(2))

    def f(state, a):
        state = pipeline.step(state, a)
        return state, -jnp.sum(state[0] ** 2)

    _, rewards = lax.scan(f, state, actions)
    return jnp.sum(rewards)


def main():
    actions = jnp.ones((10, 2))
    g = jax.grad(rollout_return)(actions, Pipeline())
    print(g.shape)


if __name__ == "__main__":
    main()
