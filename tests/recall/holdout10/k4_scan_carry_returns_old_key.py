# expect: bug
# source: https://github.com/jax-ml/jax/pull/19587
# mistake: the scan body splits the carried key but returns the incoming key in the carry instead of the new one, so every step draws from the same subkey.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp
from jax import lax, random


def langevin_chain(key, x0, n_steps, step_size=0.1):
    def step(carry, _):
        x, key = carry
        key_next, noise_key = random.split(key)
        noise = random.normal(noise_key, x.shape)
        x = x - step_size * x + jnp.sqrt(2 * step_size) * noise
        return (x, key), noise  # carries the old key, key_next is dropped

    (_, _), noises = lax.scan(step, (x0, key), None, length=n_steps)
    return noises


def main():
    noises = langevin_chain(random.key(0), jnp.zeros(2), n_steps=5)
    if bool(jnp.all(noises == noises[0])):
        print(f"SYMPTOM: all {noises.shape[0]} Langevin noise draws are identical")


if __name__ == "__main__":
    main()
