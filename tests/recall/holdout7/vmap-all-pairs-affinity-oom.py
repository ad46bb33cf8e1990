# expect: bug
# source: https://openillumi.com/en/en-jax-vmap-oom-lax-map-batch
# mistake: All-pairs image affinities are computed with a doubly nested vmap, so XLA materialises every pair's
#   intermediate at once and the temporary memory is quadratic in the number of images.
# case: vmap-all-pairs-affinity-oom
# kind: mistake
# rules: none
# jax: symptom RESULT > 100_000_000
# note: The question ran vmap(calcPairAffinity2, (0, 0, None, None), 0) over 10,000 100x100 images and ran out of
#   memory; the reproduction uses 128 images of 64 features and a sort-based robust distance, and reads XLA's temp
#   allocation from memory_analysis instead of waiting for an OOM.
import jax
import jax.numpy as jnp


def pair_affinity(a, b, k, scale):
    d = (a[:, None] - b[None, :]).reshape(-1)
    robust = jnp.sort(jnp.abs(d))[:k].mean()        # sort forces materialising each pair's differences
    return jnp.exp(-robust / scale)


def affinity_matrix(images, k=10, scale=1.0):
    row = lambda a: jax.vmap(pair_affinity, (None, 0, None, None))(a, images, k, scale)
    return jax.vmap(row)(images)


def main():
    images = jax.random.normal(jax.random.key(0), (128, 64))
    compiled = jax.jit(affinity_matrix, static_argnums=(1,)).lower(images, 10).compile()
    return compiled.memory_analysis().temp_size_in_bytes


if __name__ == "__main__":
    RESULT = main()
