# expect: none
# source: https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.fori_loop.html
# mistake: looks like jax.grad through lax.fori_loop, but the trip count is given by Python int literals, so fori_loop lowers to a scan and reverse-mode autodiff is supported
# kind: 3 grad-through-while
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def _body_fun(_, y, scale):
    return y * scale + 1.0


def repeat(init, scale):
    return lax.fori_loop(0, 3, partial(_body_fun, scale=scale), init)


@jax.jit
def loss(scale):
    return jnp.sum(repeat(jnp.ones(2), scale))


def main():
    g = jax.grad(loss)(0.5)
    print("grad:", float(g))
    assert jnp.isfinite(g)


if __name__ == "__main__":
    main()
