# expect: none
# source: https://github.com/jax-ml/jax/issues/20704
# mistake: none: the key is an argument of the jitted augmentation and is split in the data loop, so each batch gets fresh noise.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def augment(key, batch):
    noise = random.normal(key, batch.shape) * 0.1
    return batch + noise


def main():
    key = random.key(0)
    batches = [jnp.zeros((4, 3)) for _ in range(5)]
    perturbations = []
    for b in batches:
        key, sub = random.split(key)
        perturbations.append(augment(sub, b) - b)
    assert not jnp.array_equal(perturbations[0], perturbations[1])


if __name__ == "__main__":
    main()
