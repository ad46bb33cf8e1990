# expect: none
# source: https://github.com/gdsfactory/klujax/issues/34
# mistake: (fixed) the circuit is analysed once outside the trace from the concrete netlist, so int() sees a concrete value and the jitted descent loop only calls the precompiled circuit function.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax


def analyze(rows, cols):
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


ROWS = jnp.array([1, 2, 3, 0])
COLS = jnp.array([0, 1, 2, 3])
_circuit_fn, _ = circuit((ROWS, COLS, jnp.full(4, 0.3)))  # analysed once, concretely


def coupler_ring(wl):
    return jnp.abs(_circuit_fn(wl)[-1]) ** 2


@jax.jit
def find_resonance(wl0, lr):
    f = lambda wl: coupler_ring(wl)

    def body(i, wl):
        return wl - lr * jax.grad(f)(wl)

    return lax.fori_loop(0, 20, body, wl0)


def main():
    for lr in (100.0, 200.0):
        print(float(find_resonance(1.55, lr)))


if __name__ == "__main__":
    main()
