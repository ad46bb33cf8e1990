# expect: none
# source: https://github.com/luchris429/purejaxrl/issues/35
# mistake: Look-alike: the buffer-shape probe uses its own dummy key name, so the seed passed to train(rng) drives the training scan and seeds differ.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp


class ToyEnv:
    def reset(self, key):
        return jax.random.uniform(key, (2,))

    def step(self, key, obs, action):
        obs = jnp.clip(obs + 0.1 * (action - 0.5) + 0.05 * jax.random.normal(key, (2,)), 0, 1)
        return obs, -jnp.sum((obs - 0.5) ** 2)


def make_train(config):
    env = ToyEnv()

    def train(rng):
        _k_reset, _k_step = jax.random.split(jax.random.PRNGKey(0))  # dummy keys, shapes only
        _obs = env.reset(_k_reset)
        _obs, _reward = env.step(_k_step, _obs, 0)
        buffer = jnp.zeros((config["BUFFER_SIZE"],) + _obs.shape)

        rng, _rng = jax.random.split(rng)
        obs = env.reset(_rng)

        def _update_step(carry, _):
            obs, buffer, i, rng = carry
            rng, rng_a, rng_s = jax.random.split(rng, 3)
            action = jax.random.bernoulli(rng_a).astype(jnp.float32)
            obs, reward = env.step(rng_s, obs, action)
            buffer = buffer.at[i % buffer.shape[0]].set(obs)
            return (obs, buffer, i + 1, rng), reward

        _, rewards = jax.lax.scan(_update_step, (obs, buffer, 0, rng), None,
                                  length=config["NUM_STEPS"])
        return rewards

    return train


def main():
    config = {"BUFFER_SIZE": 16, "NUM_STEPS": 32}
    train = jax.jit(make_train(config))
    seeds = jnp.array([1, 2, 3])
    rewards = jax.vmap(train)(jax.vmap(jax.random.PRNGKey)(seeds))
    assert not bool(jnp.all(rewards == rewards[0]))


if __name__ == "__main__":
    main()
