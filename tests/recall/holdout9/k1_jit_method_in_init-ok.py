# expect: none
# source: https://github.com/jax-ml/jax/issues/9672
# mistake: none; the bound method is jitted once in __init__ (the workaround given in the thread) and the loop calls the stored jitted function.
# kind: 1 recompiles
import jax
import jax.numpy as jnp


class Integrator:
    def __init__(self, dt):
        self.dt = dt
        self.step = jax.jit(self.step)

    def step(self, state):
        pos, vel = state
        vel = vel - self.dt * pos
        pos = pos + self.dt * vel
        return pos, vel

    def run(self, state, n):
        for _ in range(n):
            state = self.step(state)
        return state


def main():
    sim = Integrator(0.1)
    state = sim.run((jnp.ones(3), jnp.zeros(3)), 6)
    print(state[0], "cache size:", sim.step._cache_size())


if __name__ == "__main__":
    main()
