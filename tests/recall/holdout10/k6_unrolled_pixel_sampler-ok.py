# expect: none
# source: https://github.com/jax-ml/jax/issues/1223
# mistake: none: the pixel loop is a lax.fori_loop over a flat pixel index with traced row/column, so the traced program size does not depend on the image size.
# kind: 6 Python loops unrolled under jit
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax, random


def context_logit(weights, image, i, j):
    rows = jnp.arange(image.shape[0])[:, None]
    cols = jnp.arange(image.shape[1])[None, :]
    visible = (rows < i) | ((rows == i) & (cols < j))
    return jnp.sum(jnp.where(visible, image * weights, 0.0)) - 0.5


@partial(jax.jit, static_argnums=(2,))
def sample_image(weights, key, side):
    def body(k, carry):
        image, key = carry
        i, j = k // side, k % side
        key, sub = random.split(key)
        p = jax.nn.sigmoid(context_logit(weights, image, i, j))
        image = image.at[i, j].set(random.bernoulli(sub, p).astype(image.dtype))
        return image, key

    image, _ = lax.fori_loop(0, side * side, body, (jnp.zeros((side, side)), key))
    return image


def main():
    key = random.key(0)
    eqns = []
    for side in (2, 4, 6):
        w = jnp.full((side, side), 0.1)
        jaxpr = jax.make_jaxpr(sample_image, static_argnums=(2,))(w, key, side)
        eqns.append(len(jaxpr.jaxpr.eqns[0].params["jaxpr"].jaxpr.eqns))
    sample_image(jnp.full((3, 3), 0.1), key, 3).block_until_ready()
    assert max(eqns) == min(eqns), eqns


if __name__ == "__main__":
    main()
