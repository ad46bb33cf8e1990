# expect: bug
# source: https://crackedaicode.com/problems/jax-scan-with-random-draws
# mistake: the random-walk scan carries (key, position) but draws each step's delta from the carried key without splitting it, so every step of the scanned walk adds the identical Gaussian increment.
import jax
import jax.numpy as jnp
from jax import lax


def random_walk(seed, n_steps, step_std):
    key = jax.random.PRNGKey(int(seed))

    def step(carry, _):
        key, pos = carry
        delta = step_std * jax.random.normal(key, ())
        new_pos = pos + delta
        return (key, new_pos), new_pos

    (_, _), positions = lax.scan(step, (key, jnp.float32(0.0)), jnp.zeros(int(n_steps)))
    return positions


def main():
    positions = random_walk(0.0, 6.0, 1.0)
    steps = jnp.diff(jnp.concatenate([jnp.zeros(1), positions]))
    print("increments:", [round(float(s), 4) for s in steps])
    print("all increments identical:", bool(jnp.allclose(steps, steps[0])))
