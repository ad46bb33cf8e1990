# expect: bug
# source: https://github.com/blackjax-devs/blackjax/issues/1029
# mistake: After the warmup scan, the adaptation calls float() on the moving-average step size, which is a tracer when run() is jitted, so the whole warmup fails under jax.jit.
# kind: 2 traced values in Python control flow
import functools

import jax
import jax.numpy as jnp
from jax import lax


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


def _apply_length_floor(trajectory_length, lambda_max, floor, max_leapfrog, step_size):
    floor_len = floor / jnp.sqrt(lambda_max)
    capped = jnp.minimum(jnp.maximum(trajectory_length, floor_len), max_leapfrog * step_size)
    return capped, capped < floor_len


class CheesAdaptation:
    def __init__(self, num_steps=20, length_floor=0.5, max_leapfrog_steps=100):
        self.num_steps = num_steps
        self.length_floor = length_floor
        self.max_leapfrog_steps = max_leapfrog_steps

    def run(self, key, positions):
        def warmup_step(carry, k):
            pos, log_eps_ma, traj = carry
            grad = jax.vmap(jax.grad(logdensity))(pos)
            pos = pos + jnp.exp(log_eps_ma) * grad + 0.01 * jax.random.normal(k, pos.shape)
            log_eps_ma = 0.9 * log_eps_ma + 0.1 * jnp.log(0.5 + jnp.mean(pos**2))
            return (pos, log_eps_ma, traj * 1.01), None

        init = (positions, jnp.log(0.1), jnp.asarray(1.0))
        (pos, log_eps_ma, traj), _ = lax.scan(
            warmup_step, init, jax.random.split(key, self.num_steps))
        step_size_ma = jnp.exp(log_eps_ma)
        lambda_max = jnp.max(jnp.var(pos, axis=0))
        length, clipped = _apply_length_floor(
            traj, lambda_max, self.length_floor, self.max_leapfrog_steps,
            float(step_size_ma))
        return pos, step_size_ma, length


def main():
    adapt = CheesAdaptation()
    positions = jnp.zeros((8, 3))
    run = jax.jit(adapt.run)
    run(jax.random.key(0), positions)


if __name__ == "__main__":
    main()
