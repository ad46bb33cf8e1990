# expect: bug
# source: https://github.com/jax-ml/jax/issues/20704
# mistake: the jitted augmentation closes over a module-level PRNG key, so every call in the data loop applies exactly the same random perturbation.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import random

SEED_KEY = random.key(0)


@jax.jit
def augment(batch):
    noise = random.normal(SEED_KEY, batch.shape) * 0.1
    return batch + noise


def main():
    batches = [jnp.zeros((4, 3)) for _ in range(5)]
    perturbations = [augment(b) - b for b in batches]
    n_same = sum(bool(jnp.array_equal(perturbations[0], p)) for p in perturbations[1:])
    if n_same == len(perturbations) - 1:
        print(f"SYMPTOM: all {len(perturbations)} augmentation draws are identical")


if __name__ == "__main__":
    main()
