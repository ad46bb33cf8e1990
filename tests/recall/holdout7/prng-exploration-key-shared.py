# expect: bug
# source: https://github.com/theovincent/i-DQN/issues/13
# mistake: The epsilon-greedy schedule keeps one key: explore() splits it for the decision, and the action sampler
#   splits the same stored key again, so the subkey used to pick a random action at step t is exactly the subkey
#   used for the explore/exploit decision at step t+1.
# case: prng-exploration-key-shared
# kind: mistake
# rules: none
# jax: symptom RESULT is True
# note: The issue points at `q.random_action(exploration_schedule.key)` / `q.best_action(..., exploration_schedule.key)`
#   inside the Atari env step; this is the same arrangement with a tiny tabular Q-function and an environment loop.
import jax
import jax.numpy as jnp
import numpy as np


class ExplorationSchedule:
    def __init__(self, key, start_eps=1.0, end_eps=0.1, duration=50):
        self.key = key
        self.start_eps, self.end_eps, self.duration = start_eps, end_eps, duration
        self.step = 0
        self.decision_keys = []

    def explore(self):
        self.key, decision_key = jax.random.split(self.key)
        self.decision_keys.append(decision_key)
        frac = min(self.step / self.duration, 1.0)
        eps = self.start_eps + frac * (self.end_eps - self.start_eps)
        self.step += 1
        return bool(jax.random.uniform(decision_key) < eps)


class TabularQ:
    def __init__(self, n_states, n_actions):
        self.table = jnp.zeros((n_states, n_actions))
        self.action_keys = []

    def random_action(self, key):
        _, action_key = jax.random.split(key)          # splits the schedule's stored key again
        self.action_keys.append(action_key)
        return int(jax.random.randint(action_key, (), 0, self.table.shape[1]))

    def best_action(self, state, key):
        return int(jnp.argmax(self.table[state]))


def main():
    schedule = ExplorationSchedule(jax.random.key(7))
    q = TabularQ(n_states=4, n_actions=3)
    state = 0
    for _ in range(6):
        if schedule.explore():
            action = q.random_action(schedule.key)
        else:
            action = q.best_action(state, schedule.key)
        state = (state + action) % 4
    # the key that picked the first random action also made the next explore() decision
    a0 = np.asarray(jax.random.key_data(q.action_keys[0]))
    d1 = np.asarray(jax.random.key_data(schedule.decision_keys[1]))
    return bool((a0 == d1).all())


if __name__ == "__main__":
    RESULT = main()
