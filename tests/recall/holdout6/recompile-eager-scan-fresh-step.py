# expect: bug
# source: https://github.com/jax-ml/jax/issues/852
# mistake: An un-jitted lax.scan is handed a brand-new step object on every rollout call; the object
#   defines __hash__ but not __eq__, so scan's trace cache misses and the loop is re-traced and
#   re-compiled on every call.
# case: recompile-eager-scan-fresh-step
# kind: mistake
# rules: SCN307
# jax: symptom RESULT >= 3
# note: The issue (raised from numpyro use) says lax.while_loop/fori_loop/scan paid compilation every
#   time they were evaluated op-by-op outside jit; current JAX caches eager loops on the function
#   object, so the cost comes back when a fresh step callable is built per call, as in this rollout
#   helper called from a driver loop. The thread itself shows no user code.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


# --- integrators.py ---------------------------------------------------------
class SemiImplicitEuler:
    """Step function object: (state, force) -> (new_state, state)."""

    def __init__(self, dt, damping):
        self.dt = dt
        self.damping = damping

    def __call__(self, state, force):
        pos, vel = state
        vel = (1.0 - self.damping) * vel + self.dt * force
        pos = pos + self.dt * vel
        return (pos, vel), pos

    def __hash__(self):
        return hash((self.dt, self.damping))


# --- rollout.py -------------------------------------------------------------
def rollout(state0, forces, dt=0.05, damping=0.01):
    integrator = SemiImplicitEuler(dt, damping)
    final, traj = jax.lax.scan(integrator, state0, forces)
    return final, traj


def main():
    state0 = (jnp.zeros(3), jnp.zeros(3))
    forces = jnp.ones((16, 3))
    rollout(state0, forces)  # warm-up
    before = _COMPILES[0]
    for episode in range(4):
        final, traj = rollout(state0, forces * (episode + 1))
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
