# expect: bug
# source: https://github.com/instadeepai/Mava/pull/725
# mistake: the builder gives every executor process the same base rng key (PRNGKey(seed)), so the executors launched in the distributor loop sample exactly the same epsilon-greedy actions and generate identical episodes, wasting all but one of them.
import jax
import jax.numpy as jnp


class Builder:
    def __init__(self, seed):
        self.seed = seed
        self.store = {}

    def executor(self, executor_id, num_steps=6, num_actions=4, epsilon=0.5):
        self.store["executor_id"] = executor_id
        self.store["base_key"] = jax.random.PRNGKey(self.seed)
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
    builder = Builder(seed=1234)
    episodes = {}
    for executor_id in ["executor_0", "executor_1", "executor_2"]:
        episodes[executor_id] = builder.executor(executor_id)
        print(executor_id, episodes[executor_id])
    eps = list(episodes.values())
    print("all executors generated the same episode:", all(e == eps[0] for e in eps))
