# expect: bug
# source: https://github.com/mila-iqia/milabench/pull/394
# mistake: inside train(rng) the dummy step used to infer buffer shapes does `rng = jax.random.PRNGKey(0)`, overwriting the seed argument, so every seed vmapped over in the training loop runs with the same randomness and all seeds produce identical returns.
import jax
import jax.numpy as jnp


def make_train(config):
    def env_step(key, obs, action):
        noise = jax.random.normal(key, obs.shape)
        next_obs = 0.9 * obs + 0.1 * action + noise
        return next_obs, (-jnp.sum(next_obs ** 2), noise)

    def train(rng):
        # INIT NETWORK
        rng, _rng = jax.random.split(rng)
        params = jax.random.normal(_rng, (4,)) * 0.1

        # infer buffer shapes with one dummy step
        rng = jax.random.PRNGKey(0)
        dummy_obs, _unused = env_step(rng, jnp.zeros(4), jnp.zeros(4))
        buffer = jnp.zeros((config["NUM_STEPS"],) + dummy_obs.shape)

        def _update_step(runner_state, unused):
            params, obs, buffer, t, rng = runner_state
            rng, _rng = jax.random.split(rng)
            action = jnp.tanh(params * obs)
            obs, (reward, noise) = env_step(_rng, obs, action)
            buffer = buffer.at[t % config["NUM_STEPS"]].set(obs)
            params = params + config["LR"] * reward * 1e-3
            return (params, obs, buffer, t + 1, rng), (reward, noise)

        runner_state = (params, jnp.zeros(4), buffer, 0, rng)
        runner_state, (rewards, noises) = jax.lax.scan(_update_step, runner_state, None, config["TOTAL_UPDATES"])
        return rewards, noises

    return train


def main():
    config = {"NUM_STEPS": 8, "LR": 0.1, "TOTAL_UPDATES": 20}
    rngs = jax.random.split(jax.random.PRNGKey(42), 3)
    returns, noises = jax.jit(jax.vmap(make_train(config)))(rngs)
    for i, r in enumerate(returns):
        print("seed", i, "last rewards", [round(float(v), 4) for v in r[-3:]])
    print("env noise identical across seeds:", bool(jnp.allclose(noises[0], noises[1]) and jnp.allclose(noises[0], noises[2])))
