# expect: none
# source: https://github.com/IGE-OPERA/jaxparrow/pull/64
# mistake: looks like an early-stopping fixed-point iteration under jax.grad, but it is a lax.scan of static length n_it with masked updates instead of a while_loop, so reverse-mode differentiation works
# kind: 3 grad-through-while
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def _advection(u, v):
    return u * jnp.gradient(u), v * jnp.gradient(v)


@partial(jax.jit, static_argnames=("n_it",))
def _fixed_point(ug, vg, coriolis, n_it: int = 20, res_eps: float = 0.01):
    def step_fn(carry, _):
        u_n, v_n, mask_update, res_n = carry
        u_adv, v_adv = _advection(u_n, v_n)
        u_np1 = ug - v_adv / coriolis
        v_np1 = vg + u_adv / coriolis
        res_np1 = jnp.abs(u_np1 - u_n) + jnp.abs(v_np1 - v_n)
        mask_update &= res_np1 <= res_n
        u_n = jnp.where(mask_update, u_np1, u_n)
        v_n = jnp.where(mask_update, v_np1, v_n)
        res_n = jnp.where(mask_update, res_np1, res_n)
        mask_update &= res_np1 >= res_eps
        return (u_n, v_n, mask_update, res_n), None

    init = (ug, vg, jnp.ones(ug.shape, bool), jnp.maximum(jnp.abs(ug), jnp.abs(vg)))
    (ucg, vcg, _, _), _ = lax.scan(step_fn, init, xs=None, length=n_it)
    return ucg, vcg


def loss(ssh, coriolis):
    ug = -jnp.gradient(ssh) / coriolis
    vg = jnp.gradient(ssh) / coriolis
    ucg, vcg = _fixed_point(ug, vg, coriolis)
    return jnp.sum(ucg ** 2 + vcg ** 2)


def main():
    ssh = jnp.sin(jnp.linspace(0.0, 3.0, 16))
    coriolis = jnp.full((16,), 10.0)
    g = jax.grad(loss)(ssh, coriolis)
    print("grad norm:", float(jnp.linalg.norm(g)))
    assert g.shape == ssh.shape


if __name__ == "__main__":
    main()
