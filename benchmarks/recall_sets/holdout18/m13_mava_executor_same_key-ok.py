# expect: none
# source: https://github.com/instadeepai/Mava/pull/725
# mistake: the distributor splits the initial key into one unique key per executor process (the PR's fix) and each executor starts from its own key, so the executors explore different episodes.
import jax
import jax.numpy as jnp


class Builder:
    def __init__(self, seed, executor_ids):
        self.seed = seed
        self.store = {}
        key = jax.random.PRNGKey(seed)
        keys = jax.random.split(key, len(executor_ids))
        self.store["executor_keys"] = dict(zip(executor_ids, keys))

    def executor(self, executor_id, num_steps=6, num_actions=4, epsilon=0.5):
        self.store["executor_id"] = executor_id
        self.store["base_key"] = self.store["executor_keys"][executor_id]
        key = self.store["base_key"]
        q_values = jnp.arange(num_actions, dtype=jnp.float32)
        actions = []
        for t in range(num_steps):
            key, explore_key, action_key = jax.random.split(key, 3)
            explore = jax.random.uniform(explore_key) < epsilon
            random_action = jax.random.randint(action_key, (), 0, num_actions)
            actions.append(int(jnp.where(explore, random_action, jnp.argmax(q_values))))
        return actions


def main():
    executor_ids = ["executor_0", "executor_1", "executor_2"]
    builder = Builder(seed=1234, executor_ids=executor_ids)
    episodes = {}
    for executor_id in executor_ids:
        episodes[executor_id] = builder.executor(executor_id)
        print(executor_id, episodes[executor_id])
    eps = list(episodes.values())
    print("all executors generated the same episode:", all(e == eps[0] for e in eps))
