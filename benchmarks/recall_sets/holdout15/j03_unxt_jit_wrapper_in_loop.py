# expect: bug
# source: https://github.com/GalacticDynamics/unxt/pull/906
# mistake: The quaxified function is wrapped with jax.jit inside the helper that is called every iteration, so the jit cache (keyed on the wrapper's identity) never hits and each call re-traces and recompiles.
import dataclasses
import functools

import jax
import jax.numpy as jnp

TRACES = {"kinetic": 0}


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Quantity:
    value: jax.Array
    unit: str = dataclasses.field(metadata=dict(static=True))


def quaxify(fn):
    """Stand-in for quax.quaxify: returns a *new* wrapper every time."""

    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)

    return wrapper


def kinetic_energy(m: Quantity, v: Quantity) -> Quantity:
    TRACES["kinetic"] += 1
    return Quantity(0.5 * m.value * v.value**2, unit=f"{m.unit} {v.unit}2")


def outer_func(m, v):
    # rebuilt on every call: jit sees a brand-new callable each time
    jitted_quax_func = jax.jit(quaxify(kinetic_energy))
    return jitted_quax_func(m, v)


def main():
    m = Quantity(jnp.ones(1000), "kg")
    energies = []
    for step in range(8):
        v = Quantity(jnp.full(1000, float(step)), "m/s")
        energies.append(outer_func(m, v).value.sum())
    print("sum of energies:", float(sum(energies)))
    print("traces of kinetic_energy over 8 identical-shape calls:", TRACES["kinetic"])
    assert TRACES["kinetic"] == 8
