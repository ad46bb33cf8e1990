# expect: none
# source: https://github.com/gbionics/jaxsim/issues/43
# mistake: the jitted step is a pure function of the simulator data (registered as a pytree) that returns the new data, and the simulation loop assigns it back outside the transformation, so no tracer is stored on the object.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SimulatorData:
    time_ns: jax.Array
    q: jax.Array
    qd: jax.Array


class JaxSim:
    def __init__(self, step_size=0.001, steps_per_run=1):
        self.step_size = step_size
        self.steps_per_run = steps_per_run
        self.data = SimulatorData(jnp.array(0, jnp.int32), jnp.array([0.1, 0.0]), jnp.zeros(2))

    @staticmethod
    @partial(jax.jit, static_argnums=(1, 2))
    def _step(data, step_size, steps_per_run):
        q, qd = data.q, data.qd
        for _ in range(steps_per_run):
            qdd = -9.81 * jnp.sin(q)
            qd = qd + step_size * qdd
            q = q + step_size * qd
        return SimulatorData(data.time_ns + int(step_size * 1e9), q, qd)

    def step(self):
        self.data = self._step(self.data, self.step_size, self.steps_per_run)
        return self.data


def main():
    sim = JaxSim()
    for _ in range(3):
        step_data = sim.step()
    print("final q:", step_data.q, "time_ns:", int(step_data.time_ns))
