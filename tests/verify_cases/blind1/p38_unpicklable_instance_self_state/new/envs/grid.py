"""A tiny grid-world environment (holds a lock and a reward lambda)."""
import threading
import jax
import jax.numpy as jnp

MOVES = jnp.array([[0, 1], [1, 0], [0, -1], [-1, 0]])


class GridEnv:
    def __init__(self, size, goal=(0, 0)):
        self.size = size
        self.goal = jnp.array(goal)
        self._lock = threading.Lock()
        self.reward_fn = lambda pos: jnp.where(jnp.all(pos == self.goal), 1.0, -0.01)
        self.episodes = 0
        self.t = 0

    def reset(self, key):
        with self._lock:
            self.episodes += 1
            self.t = 1
        return jax.random.randint(key, (2,), 0, self.size)

    def step(self, pos, action):
        with self._lock:
            self.t += 1
        pos = jnp.clip(pos + MOVES[action], 0, self.size - 1)
        return pos, self.reward_fn(pos)
