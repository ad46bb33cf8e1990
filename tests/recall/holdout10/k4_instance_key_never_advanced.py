# expect: bug
# source: https://github.com/jax-ml/jax/pull/8953
# mistake: an epsilon-greedy agent stores a PRNG key on self and samples from it every step without ever splitting or replacing it, so every step makes the same random choice.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jnp


class EpsilonGreedy:
    def __init__(self, n_actions, epsilon, seed):
        self.n_actions = n_actions
        self.epsilon = epsilon
        self.key = jax.random.key(seed)

    def act(self, q_values):
        explore_key, action_key = jax.random.split(self.key)
        explore = jax.random.uniform(explore_key) < self.epsilon
        random_action = jax.random.randint(action_key, (), 0, self.n_actions)
        return int(jnp.where(explore, random_action, jnp.argmax(q_values)))


def main():
    agent = EpsilonGreedy(n_actions=6, epsilon=1.0, seed=3)
    q = jnp.zeros(6)
    actions = [agent.act(q) for _ in range(8)]
    if len(set(actions)) == 1:
        print(f"SYMPTOM: fully random policy chose the same action {actions[0]} in all {len(actions)} steps")


if __name__ == "__main__":
    main()
