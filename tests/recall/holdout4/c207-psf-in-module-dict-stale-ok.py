# case: c207-psf-in-module-dict-stale-ok
# source: https://coronagraphoto.readthedocs.io/en/latest/explanation/performance.html
# kind: lookalike
# rules: SCN207
# jax: symptom bool(jnp.allclose(first, second))
# pair: c207-psf-in-module-dict-stale

import jax
import jax.numpy as jnp

OPTICS = {"psf": jnp.ones((48, 48)) / 2304.0, "gain": 2.0}


@jax.jit
def simulate(img, psf):
    def blur(i, img):
        return jnp.fft.irfft2(jnp.fft.rfft2(img) * jnp.fft.rfft2(psf), s=img.shape)
    return jax.lax.fori_loop(0, 3, blur, img)


img = jnp.zeros((48, 48)).at[24, 24].set(1.0)
first = simulate(img, OPTICS["psf"])
OPTICS["psf"] = jnp.zeros((48, 48)).at[0, 0].set(1.0)
second = simulate(img, OPTICS["psf"])
