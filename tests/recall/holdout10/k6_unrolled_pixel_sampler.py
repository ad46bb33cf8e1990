# expect: bug
# source: https://github.com/jax-ml/jax/issues/1223
# mistake: an autoregressive pixel sampler runs nested Python for-loops inside jax.jit, so tracing unrolls one copy of the model per pixel and the program grows with the image size.
# kind: 6 Python loops unrolled under jit
from functools import partial

import jax
import jax.numpy as jnp
from jax import random


def context_logit(weights, image, i, j):
    # causal context: everything above row i plus row i left of column j
    rows = jnp.arange(image.shape[0])[:, None]
    cols = jnp.arange(image.shape[1])[None, :]
    visible = (rows < i) | ((rows == i) & (cols < j))
    return jnp.sum(jnp.where(visible, image * weights, 0.0)) - 0.5


@partial(jax.jit, static_argnums=(2,))
def sample_image(weights, key, side):
    image = jnp.zeros((side, side))
    for i in range(side):
        for j in range(side):
            key, sub = random.split(key)
            p = jax.nn.sigmoid(context_logit(weights, image, i, j))
            image = image.at[i, j].set(random.bernoulli(sub, p).astype(image.dtype))
    return image


def main():
    key = random.key(0)
    sizes = (2, 4, 6)
    eqns = []
    for side in sizes:
        w = jnp.full((side, side), 0.1)
        jaxpr = jax.make_jaxpr(sample_image, static_argnums=(2,))(w, key, side)
        inner = jaxpr.jaxpr.eqns[0].params["jaxpr"].jaxpr
        eqns.append(len(inner.eqns))
    sample_image(jnp.full((3, 3), 0.1), key, 3).block_until_ready()
    if eqns[-1] > 4 * eqns[0]:
        print(f"SYMPTOM: traced program size grows with pixels: {dict(zip(sizes, eqns))} equations")


if __name__ == "__main__":
    main()
