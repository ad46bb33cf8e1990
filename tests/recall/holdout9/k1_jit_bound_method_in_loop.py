# expect: bug
# source: https://github.com/jax-ml/jax/issues/9672
# mistake: the caller wraps a bound method in jax.jit inside the loop; each attribute access makes a new bound-method object, so every iteration misses the cache and recompiles.
# kind: 1 recompiles
import jax
import jax.numpy as jnp


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def step(self, state):
        pos, vel = state
        acc = -pos
        vel = vel + self.dt * acc
        pos = pos + self.dt * vel
        return pos, vel

    def run(self, state, n):
        for _ in range(n):
            state = jax.jit(self.step)(state)
        return state


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration" and "step" in str(kw.get("fun_name")):
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    sim = Integrator(0.1)
    state = (jnp.ones(3), jnp.zeros(3))
    n = 6
    state = sim.run(state, n)
    print(f"SYMPTOM: Integrator.step compiled {len(compiles)} times in {n} calls with identical shapes (expected 1)")


if __name__ == "__main__":
    main()
