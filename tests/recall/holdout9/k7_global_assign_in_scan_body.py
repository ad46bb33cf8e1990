# expect: bug
# source: https://github.com/jax-ml/jax/issues/3086
# mistake: for debugging, the scan body stores its carry in a module-level global; the stored value is a tracer that leaks out of the loop and fails when used afterwards.
# kind: 7 side-effects
import jax.numpy as jnp
from jax import lax

last_state = None


def rollout_step(state, action):
    global last_state
    last_state = state
    new_state = 0.9 * state + action
    return new_state, jnp.sum(new_state)


def main():
    actions = jnp.ones((5, 2))
    final, rewards = lax.scan(rollout_step, jnp.zeros(2), actions)
    print("rewards:", rewards)
    print("state before last step:", last_state + 0)


if __name__ == "__main__":
    main()
