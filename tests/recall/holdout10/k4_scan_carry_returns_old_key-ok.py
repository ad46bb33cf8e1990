# expect: none
# source: https://github.com/jax-ml/jax/pull/19587
# mistake: none: the scan body threads the freshly split key through the carry, so each step uses a new subkey.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import lax, random


def langevin_chain(key, x0, n_steps, step_size=0.1):
    def step(carry, _):
        x, key = carry
        key, noise_key = random.split(key)
        noise = random.normal(noise_key, x.shape)
        x = x - step_size * x + jnp.sqrt(2 * step_size) * noise
        return (x, key), noise

    (_, _), noises = lax.scan(step, (x0, key), None, length=n_steps)
    return noises


def main():
    noises = langevin_chain(random.key(0), jnp.zeros(2), n_steps=5)
    assert not bool(jnp.all(noises == noises[0]))


if __name__ == "__main__":
    main()
