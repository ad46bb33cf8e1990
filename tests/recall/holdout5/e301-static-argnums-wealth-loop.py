# case: e301-static-argnums-wealth-loop
# source: https://github.com/QuantEcon/lecture-jax/issues/33
# kind: mistake
# rules: SCN301
# jax: symptom big_jaxpr > 20 * small_jaxpr
# note: household wealth simulation whose horizon `n` is a static_argnums argument of a
#   jax.jit(...) wrapper call, so `for t in range(n - 1)` unrolls n steps; the lecture's
#   model had more fields and three normal draws per step.

from typing import NamedTuple

import jax
import jax.numpy as jnp


class WealthDynamics(NamedTuple):
    a: float = 0.5
    b: float = 0.0
    sigma_z: float = 0.1
    c_y: float = 1.0
    s_0: float = 0.75
    w_hat: float = 1.0


def update_states(w, z, wdy, key):
    k_z, k_y = jax.random.split(key)
    zp = wdy.a * z + wdy.b + wdy.sigma_z * jax.random.normal(k_z, z.shape)
    y = wdy.c_y * jnp.exp(zp) + jax.random.uniform(k_y, z.shape)
    wp = y + (w >= wdy.w_hat) * wdy.s_0 * w
    return wp, zp


def wealth_time_series(w_0, n, wdy, size, seed=1):
    keys = jax.random.split(jax.random.PRNGKey(seed), n)
    z = jnp.zeros(size)
    w = [jnp.full(size, w_0)]
    for t in range(n - 1):
        w_next, z = update_states(w[t], z, wdy, keys[t])
        w.append(w_next)
    return jnp.stack(w)


wealth_jax = jax.jit(wealth_time_series, static_argnums=(1, 3))

wdy = WealthDynamics()
path = wealth_jax(1.0, 4, wdy, 8)
print(path.shape)

big_jaxpr = len(str(jax.make_jaxpr(wealth_jax, static_argnums=(1, 3))(1.0, 200, wdy, 8)))
small_jaxpr = len(str(jax.make_jaxpr(wealth_jax, static_argnums=(1, 3))(1.0, 3, wdy, 8)))
print(big_jaxpr, small_jaxpr)
