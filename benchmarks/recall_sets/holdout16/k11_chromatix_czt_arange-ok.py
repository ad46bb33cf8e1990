# expect: none
# source: https://github.com/chromatix-team/chromatix/pull/150
# mistake: the lengths n and m are marked static, so jnp.arange gets concrete sizes; the propagation loop reuses one compiled czt for all z because n and m do not change.
from functools import partial

import jax
import jax.numpy as jnp

TRACES = {"czt": 0}


@partial(jax.jit, static_argnames=("m", "n"))
def czt(x, m, w, a, n):
    TRACES["czt"] += 1
    k = jnp.arange(n)
    kk = jnp.arange(-n + 1, max(m, n))
    ww = w ** (kk ** 2 / 2)
    aa = a ** (-k) * ww[n - 1 : 2 * n - 1]
    y = x * aa
    nfft = 2 * max(m, n)
    fy = jnp.fft.fft(y, nfft)
    fv = jnp.fft.fft(1 / ww, nfft)
    g = jnp.fft.ifft(fy * fv)
    return g[n - 1 : n - 1 + m] * ww[n - 1 : n - 1 + m]


def propagate(field, zs, m):
    n = field.shape[-1]
    outs = []
    for z in zs:
        w = jnp.exp(-2j * jnp.pi * (0.5 + 0.01 * z) / m)
        outs.append(czt(field, m=m, w=w, a=1.0 + 0j, n=n))
    return jnp.stack(outs)


def main():
    field = jnp.exp(1j * jnp.linspace(0, 3, 64))
    out = propagate(field, [0.0, 1.0, 2.0], 32)
    print("ok", out.shape, "czt traced", TRACES["czt"], "time(s)")
