# expect: none
# source: https://github.com/jaxleyverse/jaxley/issues/614
# mistake: the stimulated site is passed to the jitted simulate as a one-hot mask array (the approach the maintainers recommend), so the loop over dendritic sites reuses one compiled simulation.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


N_COMPS = 6


def step_current(i_amp, t_max=50):
    return jnp.where(jnp.arange(t_max) < 20, i_amp, 0.0)


@jax.jit
def simulate(i_amp, mask):
    current = step_current(i_amp)

    def body(v, i_t):
        dv = -0.1 * v + 0.05 * (jnp.roll(v, 1) + jnp.roll(v, -1) - 2 * v) + mask * i_t
        v = v + dv
        return v, v[0]
    _, v_soma = jax.lax.scan(body, jnp.zeros(N_COMPS), current)
    return v_soma


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    peaks = []
    for site in range(N_COMPS):
        mask = jax.nn.one_hot(site, N_COMPS)
        peaks.append(float(simulate(0.5, mask).max()))
    print("sites:", N_COMPS, "simulate traces:", _TRACES["simulate"])
