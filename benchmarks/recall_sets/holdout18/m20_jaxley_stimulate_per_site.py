# expect: bug
# source: https://github.com/jaxleyverse/jaxley/issues/614
# mistake: the loop over dendritic sites deletes and re-inserts the stimulus on the cell and then calls a simulate jitted with the cell as a static argument, so each site is a new static value and the simulation is recompiled for every site instead of passing the site as a (mask) array.
import collections
import copy
from functools import partial

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


class Cell:
    def __init__(self, n_comps=6):
        self.n_comps = n_comps
        self.stim_site = None

    def delete_stimuli(self):
        self.stim_site = None

    def stimulate(self, site):
        self.stim_site = site

    def __hash__(self):
        return hash((self.n_comps, self.stim_site))

    def __eq__(self, other):
        return (self.n_comps, self.stim_site) == (other.n_comps, other.stim_site)


def step_current(i_amp, t_max=50):
    return jnp.where(jnp.arange(t_max) < 20, i_amp, 0.0)


@partial(jax.jit, static_argnums=(1,))
def simulate(i_amp, cell):
    current = step_current(i_amp)
    inj = jnp.zeros(cell.n_comps).at[cell.stim_site].set(1.0)

    def body(v, i_t):
        dv = -0.1 * v + 0.05 * (jnp.roll(v, 1) + jnp.roll(v, -1) - 2 * v) + inj * i_t
        v = v + dv
        return v, v[0]
    _, v_soma = jax.lax.scan(body, jnp.zeros(cell.n_comps), current)
    return v_soma


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    cell = Cell()
    peaks = []
    for site in range(cell.n_comps):
        cell.delete_stimuli()
        cell.stimulate(site)
        peaks.append(float(simulate(0.5, copy.deepcopy(cell)).max()))
    print("sites:", cell.n_comps, "simulate traces:", _TRACES["simulate"])
