# case: e301-small-reward-tuple-ok
# source: https://github.com/kscalelabs/ksim/pull/415
# kind: lookalike
# rules: SCN301, SCN208
# jax: symptom any(v.shape != () for v in final["reward_carry"].values())
# note: a reward function that loops over a static tuple of three reward terms inside the
#   training scan body (a deliberate tiny unroll), resetting each stateful term's carry
#   with jax.tree.map(jnp.where(done[-1], ...)) so every dict slot keeps its scalar shape;
#   this is the fixed form of the reset from ksim PR #415.

import jax
import jax.numpy as jnp

ROLLOUT_LENGTH = 8
REWARD_TERMS = (("velocity", 1.0), ("upright", 0.5), ("energy", -0.01))


def get_rewards(trajectory_done, signals, rewards_carry):
    total = jnp.zeros(ROLLOUT_LENGTH)
    next_carry = {}
    for name, scale in REWARD_TERMS:
        carry = jax.tree.map(lambda new, old: jnp.where(trajectory_done[-1], new, old),
                             jnp.zeros(()), rewards_carry[name])
        value = signals[name] - carry
        next_carry[name] = 0.9 * carry + 0.1 * signals[name].mean()
        total = total + scale * value
    return total, next_carry


def update_step(carry, key):
    keys = jax.random.split(key, len(REWARD_TERMS))
    signals = {name: jax.random.normal(k, (ROLLOUT_LENGTH,))
               for (name, _), k in zip(REWARD_TERMS, keys)}
    done = jnp.arange(ROLLOUT_LENGTH) == ROLLOUT_LENGTH - 1
    total, next_reward_carry = get_rewards(done, signals, carry["reward_carry"])
    return {"reward_carry": next_reward_carry}, total.sum()


init = {"reward_carry": {name: jnp.zeros(()) for name, _ in REWARD_TERMS}}
final, totals = jax.lax.scan(update_step, init, jax.random.split(jax.random.PRNGKey(0), 5))
print(totals)
