# expect: bug
# source: https://github.com/jax-ml/jax/issues/18311
# mistake: an adaptive quadrature built on lax.while_loop is given a custom_jvp, but its JVP rule calls the same while_loop, so jax.grad (reverse mode) still cannot transpose it.
# kind: 3 reverse-mode grad through while_loop / traced fori_loop
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.custom_jvp, nondiff_argnums=(0,))
def tail_integral(fun, a, step, *args):
    def keep_going(state):
        x, total, fx = state
        return jnp.abs(fx) / jnp.abs(total) > 1e-2

    def advance(state):
        x, total, fx = state
        x = x + step
        fx = fun(x, *args) * step
        return x, total + fx, fx

    init = (a, fun(a, *args) * step, jnp.asarray(np.inf, dtype=jnp.float32))
    return jax.lax.while_loop(keep_going, advance, init)[1]


def _tangent_integrand(fun, n_args):
    def integrand(x, *packed):
        args, args_dot = packed[:n_args], packed[n_args:]
        return jax.jvp(lambda *p: fun(x, *p), args, args_dot)[1]

    return integrand


@tail_integral.defjvp
def _tail_integral_jvp(fun, primals, tangents):
    a, step = primals[:2]
    args = primals[2:]
    args_dot = tangents[2:]
    value = tail_integral(fun, *primals)
    # Leibniz rule: derivative of the integral is the integral of the derivative,
    # computed by the same while_loop integrator.
    d_value = tail_integral(_tangent_integrand(fun, len(args)), a, step, *args, *args_dot)
    return value, d_value


def decay(x, c):
    return jnp.exp(-c * x)


def main():
    f = lambda c: tail_integral(decay, 1.0, 0.05, c)
    print(jax.jacfwd(f)(1.2))  # forward mode is fine
    print(jax.grad(f)(1.2))    # reverse mode fails


if __name__ == "__main__":
    main()
