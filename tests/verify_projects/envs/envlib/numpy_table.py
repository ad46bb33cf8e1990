"""A NumPy table threaded through a fori_loop's carry and indexed with the traced counter:
capturing it instead (SCN101's fix) would fail under jit, so no fix is offered."""

import jax
import jax.numpy as jnp
import numpy as np


class Tables:
    def __init__(self, n):
        table = np.arange(n) * 3

        def lookup():
            def body(i, carry):
                out, tab = carry
                return out.at[i].set(tab[i] + 1), tab
            out, _ = jax.lax.fori_loop(0, n, body, (jnp.zeros(n, jnp.int32), table))
            return out

        self.lookup = jax.jit(lookup)
