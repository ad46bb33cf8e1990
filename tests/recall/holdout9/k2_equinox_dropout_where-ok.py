# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/987
# mistake: none; the dropout flag is still a traced leaf in the scan carry but it is consumed with jnp.where instead of a Python `if`.
# kind: 2 traced-control-flow
import dataclasses

import jax
import jax.numpy as jnp
import jax.random as jrandom


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Dropout:
    p: jax.Array
    inference: jax.Array

    def __call__(self, x, key):
        q = 1 - jax.lax.stop_gradient(self.p)
        mask = jrandom.bernoulli(key, q, x.shape)
        dropped = jnp.where(mask, x / q, 0)
        return jnp.where(self.inference, x, dropped)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Actor:
    w: jax.Array
    dropout: Dropout

    def __call__(self, obs, key):
        return jnp.tanh(self.dropout(obs @ self.w, key))


def _env_step(runner_state, _):
    actor, obs, key = runner_state
    key, sub = jrandom.split(key)
    action = actor(obs, sub)
    obs = obs + 0.1 * action
    return (actor, obs, key), action.sum()


def main():
    actor = Actor(jnp.eye(3), Dropout(jnp.asarray(0.1), jnp.asarray(False)))
    runner_state = (actor, jnp.ones(3), jrandom.PRNGKey(0))
    runner_state, rewards = jax.lax.scan(_env_step, runner_state, None, 8)
    print(rewards)


if __name__ == "__main__":
    main()
