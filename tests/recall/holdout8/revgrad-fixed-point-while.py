# expect: bug
# source: https://github.com/IGE-OPERA/jaxparrow/pull/64
# mistake: the cyclogeostrophic fixed-point iteration stops with lax.while_loop on a residual tolerance, so taking jax.grad of a loss on its output fails (while_loop is not reverse-mode differentiable)
# kind: 3 grad-through-while
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def _advection(u, v):
    du = jnp.gradient(u)
    dv = jnp.gradient(v)
    return u * du, v * dv


@partial(jax.jit, static_argnames=("n_it",))
def _fixed_point(ug, vg, coriolis, n_it: int = 20, res_eps: float = 0.01):
    def cond(carry):
        it, _, _, res = carry
        return (it < n_it) & (jnp.max(res) > res_eps)

    def body(carry):
        it, u_n, v_n, _ = carry
        u_adv, v_adv = _advection(u_n, v_n)
        u_np1 = ug - v_adv / coriolis
        v_np1 = vg + u_adv / coriolis
        res = jnp.abs(u_np1 - u_n) + jnp.abs(v_np1 - v_n)
        return it + 1, u_np1, v_np1, res

    _, ucg, vcg, _ = lax.while_loop(cond, body, (0, ug, vg, jnp.full_like(ug, jnp.inf)))
    return ucg, vcg


def loss(ssh, coriolis):
    ug = -jnp.gradient(ssh) / coriolis
    vg = jnp.gradient(ssh) / coriolis
    ucg, vcg = _fixed_point(ug, vg, coriolis)
    return jnp.sum(ucg ** 2 + vcg ** 2)


def main():
    ssh = jnp.sin(jnp.linspace(0.0, 3.0, 16))
    coriolis = jnp.full((16,), 10.0)
    print("loss:", loss(ssh, coriolis))
    # raises ValueError: Reverse-mode differentiation does not work for lax.while_loop ...
    print(jax.grad(loss)(ssh, coriolis))


if __name__ == "__main__":
    main()
