# expect: bug
# source: https://github.com/gdsfactory/klujax/issues/34
# mistake: The circuit model builds its sparse system inside the function the descent loop traces, and the builder calls int() on a value computed from the traced netlist, which has no concrete value inside the jitted solver loop.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax


def analyze(rows, cols):
    """Symbolic analysis: size of the system from the connectivity pattern."""
    raw_symbol = jnp.maximum(jnp.max(rows), jnp.max(cols)) + 1
    return int(raw_symbol)


def circuit(netlist):
    rows, cols, coupling = netlist
    n = analyze(rows, cols)

    def circuit_fn(wl):
        phase = 2 * jnp.pi / wl
        a = jnp.eye(n, dtype=jnp.complex64)
        a = a.at[rows, cols].add(-coupling * jnp.exp(1j * phase))
        b = jnp.zeros(n, jnp.complex64).at[0].set(1.0)
        return jnp.linalg.solve(a, b)

    return circuit_fn, n


def coupler_ring(wl, netlist):
    circuit_fn, _ = circuit(netlist)
    return jnp.abs(circuit_fn(wl)[-1]) ** 2


@jax.jit
def find_resonance(wl0, netlist, lr):
    f = lambda wl: coupler_ring(wl, netlist)

    def body(i, wl):
        return wl - lr * jax.grad(f)(wl)

    return lax.fori_loop(0, 20, body, wl0)


def main():
    rows = jnp.array([1, 2, 3, 0])
    cols = jnp.array([0, 1, 2, 3])
    netlist = (rows, cols, jnp.full(4, 0.3))
    for lr in (100.0, 200.0):
        print(float(find_resonance(1.55, netlist, lr)))


if __name__ == "__main__":
    main()
