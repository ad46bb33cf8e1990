# expect: bug
# source: https://github.com/jax-ml/jax/issues/192
# mistake: a helper draws from the key it was given and hands the same key back, and the caller uses that returned key to draw again on the next loop step, so consecutive steps repeat.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import random


def jitter(key, x, scale=0.1):
    eps = random.normal(key, x.shape) * scale
    return x + eps, key  # returns the key it already consumed


def random_walk(key, x0, steps):
    xs = [x0]
    x = x0
    for _ in range(steps):
        x, key = jitter(key, x)
        xs.append(x)
    return jnp.stack(xs)


def main():
    path = random_walk(random.key(1), jnp.zeros(3), steps=6)
    increments = jnp.diff(path, axis=0)
    repeated = bool(jnp.allclose(increments, increments[0]))
    if repeated:
        print(f"SYMPTOM: all {increments.shape[0]} random-walk increments are identical")


if __name__ == "__main__":
    main()
