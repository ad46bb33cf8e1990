# expect: bug
# source: https://github.com/AakashKumarNain/TF_JAX_tutorials/issues/4
# mistake: The augmentation loop re-creates random.PRNGKey(0) inside the loop body, so every batch
#   gets exactly the same "random" rotation flags.
# case: key-reuse-prngkey-in-loop
# kind: mistake
# rules: SCN213
# jax: symptom RESULT
# note: The issue points at a tutorial cell that re-seeds with key=random.PRNGKey(0) inside a for loop
#   (and another that draws from key instead of subkey); reshaped as a small rotate-augmentation data
#   pipeline.
import jax
import jax.numpy as jnp
from jax import random


def rotate_batch(images, flags):
    rotated = jnp.rot90(images, k=1, axes=(1, 2))
    return jnp.where(flags[:, None, None], rotated, images)


def augment_epoch(batches, batch_size):
    all_flags = []
    out = []
    for images in batches:
        key = random.PRNGKey(0)
        key, subkey = random.split(key)
        flags = random.randint(subkey, shape=[batch_size], minval=0, maxval=2).astype(bool)
        out.append(rotate_batch(images, flags))
        all_flags.append(flags)
    return out, all_flags


def main():
    batch_size = 16
    batches = [jnp.ones((batch_size, 8, 8)) * i for i in range(5)]
    _, flags = augment_epoch(batches, batch_size)
    return all(bool(jnp.array_equal(flags[0], f)) for f in flags[1:])


if __name__ == "__main__":
    RESULT = main()
