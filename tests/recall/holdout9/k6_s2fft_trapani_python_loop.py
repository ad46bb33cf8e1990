# expect: bug
# source: https://github.com/astro-informatics/s2fft/pull/97
# mistake: the Trapani-style Wigner-d recursion runs as a native Python for loop over el inside a jitted function, so the loop is unrolled L times and the traced program (and compile time) grows with L.
# kind: 6 unrolled-loop
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def compute_dl_recursion(beta, L):
    dl = jnp.zeros((2 * L + 1,))
    dl = dl.at[L].set(1.0)
    c, s = jnp.cos(beta), jnp.sin(beta)
    for el in range(1, L):
        m = jnp.arange(-L, L + 1)
        coeff = jnp.sqrt(jnp.maximum(el ** 2 - m ** 2, 0.0)) / el
        dl = c * dl + s * coeff * jnp.roll(dl, 1)
    return dl


def main():
    beta = jnp.asarray(0.3)
    L = 128
    n_eqns = len(jax.make_jaxpr(compute_dl_recursion.__wrapped__, static_argnums=(1,))(beta, L).jaxpr.eqns)
    print(float(compute_dl_recursion(beta, 8).sum()))
    print(f"SYMPTOM: traced program has {n_eqns} equations for L={L}; the Python loop body was unrolled {L - 1} times")


if __name__ == "__main__":
    main()
