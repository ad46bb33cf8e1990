# expect: bug
# source: https://github.com/gbionics/jaxsim/issues/43
# mistake: the simulator's bound method sim.step reads and mutates self.data in place and is then wrapped with jax.jit, so the state is baked in at trace time: every step of the simulation loop returns the same result and sim.data is left holding a leaked tracer.
import dataclasses

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

    def step(self):
        q, qd = self.data.q, self.data.qd
        for _ in range(self.steps_per_run):
            qdd = -9.81 * jnp.sin(q)
            qd = qd + self.step_size * qdd
            q = q + self.step_size * qd
        self.data = SimulatorData(self.data.time_ns + int(self.step_size * 1e9), q, qd)
        return self.data


def main():
    sim = JaxSim()
    # The problem occurs only if we jit-compile the method
    sim.step = jax.jit(sim.step)
    qs = []
    for _ in range(3):
        step_data = sim.step()
        qs.append(float(step_data.q[0]))
    print("q[0] after each of 3 steps:", qs)
    print("time_ns after 3 steps:", int(step_data.time_ns), "(expected 3000000)")
    print("sim.data.q is a leaked tracer:", isinstance(sim.data.q, jax.core.Tracer))
