# expect: none
# source: https://github.com/netket/netket/issues/1735
# mistake: none; the integrator casts `t0` to the float dtype of `dt` when it builds its state, so both branches of the adaptive step return the same state types and stepping proceeds.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import struct


@struct.dataclass
class RungeKuttaState:
    step_no: jax.Array
    t: jax.Array
    y: jax.Array
    dt: jax.Array


@struct.dataclass
class RK23Config:
    dt: float
    atol: float = 1e-3
    rtol: float = 1e-3
    dt_limits: tuple = struct.field(pytree_node=False, default=(1e-3, 1e-1))

    def __call__(self, f, t0, y0):
        return Integrator(f, self, t0, y0)


@partial(jax.jit, static_argnums=(0, 1))
def general_time_step_adaptive(f, dt_limits, atol, rtol, state):
    t, y, dt = state.t, state.y, state.dt
    k1 = f(t, y)
    k2 = f(t + 0.5 * dt, y + 0.5 * dt * k1)
    k3 = f(t + 0.75 * dt, y + 0.75 * dt * k2)
    y_new = y + dt * (2 * k1 + 3 * k2 + 4 * k3) / 9
    y_err = dt * jnp.max(jnp.abs(k3 - k2))
    accept = y_err < atol + rtol * jnp.max(jnp.abs(y))
    dt_new = jnp.clip(dt * 0.9 * (atol / (y_err + 1e-12)) ** (1 / 3), *dt_limits)
    return jax.lax.cond(
        accept,
        lambda: state.replace(step_no=state.step_no + 1, t=t + dt, y=y_new, dt=dt_new),
        lambda: state.replace(dt=dt_new),
    )


class Integrator:
    def __init__(self, f, config, t0, y0):
        self.f, self.config = f, config
        self._rkstate = RungeKuttaState(step_no=jnp.asarray(0), t=jnp.asarray(t0, dtype=jnp.asarray(config.dt).dtype),
                                        y=jnp.asarray(y0), dt=jnp.asarray(config.dt))

    @property
    def t(self):
        return self._rkstate.t

    @property
    def y(self):
        return self._rkstate.y

    def step(self):
        c = self.config
        self._rkstate = general_time_step_adaptive(self.f, c.dt_limits, c.atol, c.rtol, self._rkstate)


def df(t, y, stage=None):
    return jnp.sin(t) ** 2 * y


def main():
    int_config = RK23Config(dt=0.04)
    integrator = int_config(df, 0, np.array([1.0]))  # t0 given as the integer 0
    try:
        while integrator.t < 0.5:
            integrator.step()
        print("t =", integrator.t, "y =", integrator.y)
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {' '.join(str(e).split())[:240]}")


if __name__ == "__main__":
    main()
