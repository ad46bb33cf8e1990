# expect: bug
# source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.while_loop.html
# mistake: a heavy-ball optimiser starts its while_loop carry with `velocity=None` ("no momentum yet") and returns an array for it from the body, so the carry's pytree structure changes.
# kind: 5 carry-dtype
import jax
import jax.numpy as jnp
from jax import lax


class HeavyBall:
    def __init__(self, lr=0.1, beta=0.9, tol=1e-4, max_iter=100):
        self.lr, self.beta, self.tol, self.max_iter = lr, beta, tol, max_iter

    def minimize(self, f, x0):
        g = jax.grad(f)

        def cond(carry):
            it, x, velocity = carry
            return (it < self.max_iter) & (jnp.linalg.norm(g(x)) > self.tol)

        def body(carry):
            it, x, velocity = carry
            grad = g(x)
            velocity = grad if velocity is None else self.beta * velocity + grad
            return it + 1, x - self.lr * velocity, velocity

        _, x, _ = lax.while_loop(cond, body, (0, x0, None))
        return x


def main():
    opt = HeavyBall()
    print(opt.minimize(lambda x: jnp.sum((x - 3.0) ** 2), jnp.zeros(3)))


if __name__ == "__main__":
    main()
