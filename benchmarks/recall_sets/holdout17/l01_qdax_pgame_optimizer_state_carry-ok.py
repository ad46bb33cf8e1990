# expect: none
# source: https://github.com/adaptive-intelligent-robotics/QDax/pull/104
# mistake: `_mutation_function_pg` re-initialises the controller's optimizer state with `controllers_optimizer.init(controller_params)` for every offspring, so each controller's PG training starts from fresh Adam moments regardless of batch order.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class PGAMEEmitterState(NamedTuple):
    critic_target: jax.Array


controllers_optimizer = optax.adam(learning_rate=0.1)
NUM_PG_TRAINING_STEPS = 5


def _train_policy(emitter_state, policy_params, policy_optimizer_state):
    grads = jax.grad(lambda p: jnp.sum((p - emitter_state.critic_target) ** 2))(policy_params)
    updates, policy_optimizer_state = controllers_optimizer.update(grads, policy_optimizer_state)
    return optax.apply_updates(policy_params, updates), policy_optimizer_state


def _mutation_function_pg(controller_params, emitter_state):
    controller_optimizer_state = controllers_optimizer.init(controller_params)

    def scan_train_policy(carry, unused):
        policy_params, policy_optimizer_state = carry
        return _train_policy(emitter_state, policy_params, policy_optimizer_state), ()

    (controller_params, _), _ = jax.lax.scan(
        scan_train_policy, (controller_params, controller_optimizer_state), (), length=NUM_PG_TRAINING_STEPS)
    return controller_params, emitter_state


@jax.jit
def emit_pg(parents, emitter_state):
    def step(emitter_state, parent):
        offspring, emitter_state = _mutation_function_pg(parent, emitter_state)
        return emitter_state, offspring
    return jax.lax.scan(step, emitter_state, parents)


def main():
    parents = jnp.stack([jnp.full((4,), -3.0), jnp.full((4,), 5.0)])
    emitter_state = PGAMEEmitterState(jnp.zeros(4))
    emitter_state, offspring = emit_pg(parents, emitter_state)
    alone, _ = jax.jit(_mutation_function_pg)(parents[1], emitter_state)
    print("2nd offspring inside emit_pg:   ", offspring[1].round(3).tolist())
    print("2nd offspring with a fresh Adam: ", alone.round(3).tolist())
