# expect: bug
# source: https://github.com/netket/netket/issues/2043
# mistake: the (no longer jitted) adaptive time-step method calls `jax.lax.cond` with freshly created lambdas on every step, so each step traces and compiles the conds again and compilations grow with the number of steps.
import jax
import jax.numpy as jnp
from flax import struct

COMPILES = {"n": 0}
jax.monitoring.register_event_duration_secs_listener(
    lambda name, dur, **kw: name == "/jax/core/compile/backend_compile_duration" and COMPILES.__setitem__("n", COMPILES["n"] + 1))


def set_flag_jax(condition, flags, flag):
    return jax.lax.cond(condition, lambda x: x | flag, lambda x: x, flags)


@struct.dataclass
class IntegratorState:
    t: jax.Array
    y: jax.Array
    dt: jax.Array
    flags: jax.Array


class RK12Integrator:
    def __init__(self, f, t0, y0, dt, atol=1e-3, rtol=1e-3, dt_limits=(1e-3, 1e-1)):
        self.f = f
        self.atol, self.rtol = atol, rtol
        self.dt_min, self.dt_max = dt_limits
        self._state = IntegratorState(t=jnp.asarray(t0, jnp.float32), y=jnp.asarray(y0), dt=jnp.asarray(dt, jnp.float32),
                                      flags=jnp.asarray(0, jnp.int32))
        self._step_jit = jax.jit(self._rk_step)

    def _rk_step(self, t, y, dt):
        k1 = self.f(t, y)
        k2 = self.f(t + dt, y + dt * k1)
        y_new = y + 0.5 * dt * (k1 + k2)
        err = jnp.max(jnp.abs(0.5 * dt * (k2 - k1)))
        return y_new, err

    def _step_adaptive(self, state):
        y_new, err = self._step_jit(state.t, state.y, state.dt)
        scaled_err = err / (self.atol + self.rtol * jnp.max(jnp.abs(state.y)))
        accept = scaled_err < 1.0
        flags = set_flag_jax(~accept, state.flags, jnp.int32(1))
        dt_new = jnp.clip(state.dt * jnp.clip(0.9 / jnp.sqrt(scaled_err + 1e-12), 0.2, 5.0), self.dt_min, self.dt_max)
        flags = set_flag_jax(dt_new <= self.dt_min, flags, jnp.int32(2))
        return jax.lax.cond(
            accept,
            lambda _: IntegratorState(t=state.t + state.dt, y=y_new, dt=dt_new, flags=flags),
            lambda _: IntegratorState(t=state.t, y=state.y, dt=dt_new, flags=flags),
            None,
        )

    def step(self):
        self._state = self._step_adaptive(self._state)
        return self._state


def main():
    integ = RK12Integrator(lambda t, y: jnp.sin(t) ** 2 * y, 0.0, jnp.array([1.0]), dt=0.04)
    for _ in range(5):
        integ.step()
    after_warmup = COMPILES["n"]
    for _ in range(20):
        integ.step()
    print(f"compilations during 5 warm-up steps: {after_warmup}; during the next 20 steps: {COMPILES['n'] - after_warmup}")


if __name__ == "__main__":
    main()
