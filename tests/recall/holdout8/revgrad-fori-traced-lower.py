# expect: bug
# source: https://github.com/jax-ml/jax/issues/9298
# mistake: the lower bound of lax.fori_loop arrives through a jitted function argument (so it is traced) via a partial-bound helper; fori_loop lowers to while_loop and jax.grad fails with the dynamic start/stop reverse-mode error
# kind: 3 grad-through-while
from functools import partial

import jax
from jax import lax


def _body_fun(_, y, scale):
    return y * scale + 1.0


def repeat_from(init, lower, scale, upper=3):
    body = partial(_body_fun, scale=scale)
    return lax.fori_loop(lower, upper, body, init)


@jax.jit
def f(init, lower):
    return repeat_from(init, lower, 0.5)


def main():
    print("forward:", f(1.0, 0))
    # raises ValueError: Reverse-mode differentiation does not work for lax.while_loop or
    # lax.fori_loop with dynamic start/stop values
    print(jax.grad(f)(1.0, 0))


if __name__ == "__main__":
    main()
