# expect: none
# source: https://openillumi.com/en/en-jax-vmap-oom-lax-map-batch
# mistake: Looks like the same all-pairs affinity over every image pair, but the outer loop over rows is lax.map with
#   batch_size, so only a few rows' pair intermediates are live at once.
# case: vmap-all-pairs-affinity-lax-map-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 100_000_000
# pair: vmap-all-pairs-affinity-oom
# note: The accepted answer recommends lax.map(..., batch_size=...) (JAX >= 0.4.31) as the memory-bounded vmap.
import jax
import jax.numpy as jnp
from jax import lax


def pair_affinity(a, b, k, scale):
    d = (a[:, None] - b[None, :]).reshape(-1)
    robust = jnp.sort(jnp.abs(d))[:k].mean()
    return jnp.exp(-robust / scale)


def affinity_matrix(images, k=10, scale=1.0):
    row = lambda a: jax.vmap(pair_affinity, (None, 0, None, None))(a, images, k, scale)
    return lax.map(row, images, batch_size=8)


def main():
    images = jax.random.normal(jax.random.key(0), (128, 64))
    compiled = jax.jit(affinity_matrix, static_argnums=(1,)).lower(images, 10).compile()
    return compiled.memory_analysis().temp_size_in_bytes


if __name__ == "__main__":
    RESULT = main()
