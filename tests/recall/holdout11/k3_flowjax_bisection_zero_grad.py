# expect: bug
# source: https://github.com/danielward27/flowjax/issues/176
# mistake: The inverse of a monotone transform is found by a lax.while_loop bisection and then differentiated in reverse mode; the loop carry only moves through jnp.where selections, so the pullback silently returns exact zeros instead of an error or the true derivative.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def _bisection_search(func, *, lower, upper, tol: float, max_iter: int):
    def cond_fn(state):
        lower, upper, iterations = state
        return jnp.logical_and(jnp.any((upper - lower) > 2 * tol), iterations < max_iter)

    def body_fn(state):
        lower, upper, iterations = state
        midpoint = (lower + upper) / 2
        sign = jnp.sign(func(midpoint))
        lower = jnp.where(sign == 1, lower, midpoint)
        upper = jnp.where(sign == 1, midpoint, upper)
        return lower, upper, iterations + 1

    init = (jnp.full_like(lower, lower), jnp.full_like(upper, upper), 0)
    lower, upper, _ = lax.while_loop(cond_fn, body_fn, init)
    return (lower + upper) / 2


class BlockAutoregressiveScalar:
    """y -> x = y + a * tanh(b * y); the inverse has no closed form."""

    def __init__(self, a=0.8, b=1.5):
        self.a, self.b = a, b

    def transform(self, y):
        return y + self.a * jnp.tanh(self.b * y)

    def inverse(self, x):
        return _bisection_search(lambda y: self.transform(y) - x,
                                 lower=jnp.full_like(x, -20.0), upper=jnp.full_like(x, 20.0),
                                 tol=1e-6, max_iter=200)


def main():
    flow = BlockAutoregressiveScalar()
    points = jnp.array([-1.0, 0.3, 2.0])
    out, pull = jax.vjp(flow.inverse, points)
    (cotangent,) = pull(jnp.ones_like(out))
    eps = 1e-3
    finite_diff = (flow.inverse(points + eps) - flow.inverse(points - eps)) / (2 * eps)
    if jnp.all(cotangent == 0) and jnp.all(jnp.abs(finite_diff) > 0.1):
        print(f"SYMPTOM: vjp through the while_loop bisection returns {cotangent.tolist()}, "
              f"finite differences give {[round(float(v), 3) for v in finite_diff]}")


if __name__ == "__main__":
    main()
