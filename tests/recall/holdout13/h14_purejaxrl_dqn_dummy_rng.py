# expect: bug
# source: https://github.com/luchris429/purejaxrl/issues/35
# mistake: Inside train(rng) the buffer-shape probe assigns a dummy PRNGKey(0) to the same name rng, so every seed's training scan runs on the same key stream and all seeds produce identical runs.
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
        rng = jax.random.PRNGKey(0)  # use a dummy rng here
        _obs = env.reset(rng)
        _obs, _reward = env.step(rng, _obs, 0)
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
    if bool(jnp.all(rewards == rewards[0])):
        print("SYMPTOM: 3 different seeds gave bit-identical reward curves")


if __name__ == "__main__":
    main()
