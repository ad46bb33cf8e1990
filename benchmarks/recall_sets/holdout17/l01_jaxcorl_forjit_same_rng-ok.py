# expect: none
# source: https://github.com/nissymori/JAX-CORL/pull/10
# mistake: the "scan" variant runs the inner updates with jax.lax.scan over `jax.random.split(rng, update_per_step)`, so every update gets its own key and the body is traced once.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class TD3BCUpdateState(NamedTuple):
    actor_params: jax.Array
    update_idx: jax.Array
    noise_log: jax.Array


POLICY_NOISE, NOISE_CLIP = 0.2, 0.5


def update_step_fn(update_state, rng):
    rng, critic_rng, actor_rng = jax.random.split(rng, 3)
    noise = jnp.clip(jax.random.normal(critic_rng, (3,)) * POLICY_NOISE, -NOISE_CLIP, NOISE_CLIP)
    actor_params = update_state.actor_params - 0.1 * (update_state.actor_params + noise)
    log = update_state.noise_log.at[update_state.update_idx].set(noise)
    return TD3BCUpdateState(actor_params, update_state.update_idx + 1, log)


def update_n_steps(update_state, rng, update_per_step=4):
    update_state, _ = jax.lax.scan(lambda s, k: (update_step_fn(s, k), None),
                                   update_state, jax.random.split(rng, update_per_step))
    return update_state


def main():
    update_state = TD3BCUpdateState(jnp.ones(3), jnp.array(0), jnp.zeros((4, 3)))
    fn = jax.jit(update_n_steps)
    rng = jax.random.PRNGKey(0)
    rng, update_rng = jax.random.split(rng)
    update_state = fn(update_state, update_rng)
    noise = update_state.noise_log
    print("target-policy noise per inner update:", noise.round(3).tolist())
    print("all inner updates used identical noise:", bool(jnp.all(noise == noise[0])))
