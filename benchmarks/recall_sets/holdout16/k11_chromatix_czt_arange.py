# expect: bug
# source: https://github.com/chromatix-team/chromatix/pull/150
# mistake: the chirp-z transform builds jnp.arange(n) from its length argument, but the propagation loop calls the jitted czt with n and m as ordinary traced arguments, so jit fails with a ConcretizationTypeError on the arange size.
import jax
import jax.numpy as jnp


def czt(x, m, w, a, n):
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


czt_jit = jax.jit(czt)


def propagate(field, zs, m):
    n = field.shape[-1]
    outs = []
    for z in zs:
        w = jnp.exp(-2j * jnp.pi * (0.5 + 0.01 * z) / m)
        outs.append(czt_jit(field, m, w, 1.0 + 0j, n))
    return jnp.stack(outs)


def main():
    field = jnp.exp(1j * jnp.linspace(0, 3, 64))
    try:
        out = propagate(field, [0.0, 1.0, 2.0], 32)
        print("ok", out.shape)
    except (jax.errors.ConcretizationTypeError, TypeError) as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:160])
