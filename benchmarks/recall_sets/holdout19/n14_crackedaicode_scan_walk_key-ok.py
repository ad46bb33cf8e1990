# expect: none
# source: https://crackedaicode.com/problems/jax-scan-with-random-draws
# mistake: the carried key is split at every scan step, the subkey draws the increment and the new key is carried forward, so the walk's increments are independent.
import jax
import jax.numpy as jnp
from jax import lax


def random_walk(seed, n_steps, step_std):
    key = jax.random.PRNGKey(int(seed))

    def step(carry, _):
        key, pos = carry
        key, subkey = jax.random.split(key)
        delta = step_std * jax.random.normal(subkey, ())
        new_pos = pos + delta
        return (key, new_pos), new_pos

    (_, _), positions = lax.scan(step, (key, jnp.float32(0.0)), jnp.zeros(int(n_steps)))
    return positions


def main():
    positions = random_walk(0.0, 6.0, 1.0)
    steps = jnp.diff(jnp.concatenate([jnp.zeros(1), positions]))
    print("increments:", [round(float(s), 4) for s in steps])
    print("all increments identical:", bool(jnp.allclose(steps, steps[0])))
