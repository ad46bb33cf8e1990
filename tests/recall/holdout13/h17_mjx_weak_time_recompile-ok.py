# expect: none
# source: https://github.com/google-deepmind/mujoco/issues/2306
# mistake: Look-alike: time is created as a strongly typed float32 scalar, so the jitted step sees the same input type on every iteration and compiles once.
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
    return Data(time=jp.zeros((), jp.float32), qpos=jp.zeros(3), qvel=jp.ones(3))


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
    assert n == 1, n


if __name__ == "__main__":
    main()
