# case: c207-psf-in-module-dict-stale
# source: https://coronagraphoto.readthedocs.io/en/latest/explanation/performance.html
# kind: mistake
# rules: SCN207
# jax: symptom bool(jnp.allclose(first, second))
# note: a `fori_loop` body reads an array held in a module-level dict literal (`OPTICS['psf']`,
#   2,304 elements); the page's PSF cube is held by an object closed over by `eqx.filter_jit`

import jax
import jax.numpy as jnp

OPTICS = {"psf": jnp.ones((48, 48)) / 2304.0, "gain": 2.0}


def blur(i, img):
    return jnp.fft.irfft2(jnp.fft.rfft2(img) * jnp.fft.rfft2(OPTICS["psf"]),
                          s=img.shape)


@jax.jit
def simulate(img):
    return jax.lax.fori_loop(0, 3, blur, img)


img = jnp.zeros((48, 48)).at[24, 24].set(1.0)
first = simulate(img)
OPTICS["psf"] = jnp.zeros((48, 48)).at[0, 0].set(1.0)
second = simulate(img)
