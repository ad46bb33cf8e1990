# expect: bug
# source: https://github.com/google-deepmind/mujoco/issues/2306
# mistake: make_data stores time as a weakly typed 0.0 that becomes a strong float32 after the first step, so the jitted step sees a new input type on the second iteration and compiles twice.
# kind: 5 carry structure / dtype / weak-type mismatch
import dataclasses

import jax
import jax.numpy as jp
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Data:
    time: jax.Array
    qpos: jax.Array
    qvel: jax.Array


@dataclasses.dataclass(frozen=True)
class Model:
    timestep: np.float32 = np.float32(0.002)


def make_data(m):
    return Data(time=jp.asarray(0.0), qpos=jp.zeros(3), qvel=jp.ones(3))


def step(m, d):
    qvel = d.qvel - m.timestep * d.qpos
    return Data(time=d.time + m.timestep, qpos=d.qpos + m.timestep * qvel, qvel=qvel)


def main():
    m = Model()
    jit_step = jax.jit(step, static_argnums=0)
    d = make_data(m)
    for _ in range(5):
        d = jit_step(m, d)
    n = jit_step._cache_size()
    if n > 1:
        print(f"SYMPTOM: jit_step compiled {n} times in a fixed-shape simulation loop "
              f"(time weak_type at start: {make_data(m).time.weak_type})")


if __name__ == "__main__":
    main()
