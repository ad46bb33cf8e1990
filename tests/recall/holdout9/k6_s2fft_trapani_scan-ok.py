# expect: none
# source: https://github.com/astro-informatics/s2fft/pull/97
# mistake: none; the recursion over el is expressed with lax.scan (the PR's fix), so the traced program size does not depend on L.
# kind: 6 unrolled-loop
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnums=(1,))
def compute_dl_recursion(beta, L):
    dl = jnp.zeros((2 * L + 1,)).at[L].set(1.0)
    c, s = jnp.cos(beta), jnp.sin(beta)
    m = jnp.arange(-L, L + 1)

    def step(dl, el):
        coeff = jnp.sqrt(jnp.maximum(el ** 2 - m ** 2, 0.0)) / el
        return c * dl + s * coeff * jnp.roll(dl, 1), None

    dl, _ = lax.scan(step, dl, jnp.arange(1, L, dtype=jnp.float32))
    return dl


def main():
    beta = jnp.asarray(0.3)
    out = compute_dl_recursion(beta, 128)
    n_eqns = len(jax.make_jaxpr(compute_dl_recursion.__wrapped__, static_argnums=(1,))(beta, 128).jaxpr.eqns)
    print(float(out.sum()), "top-level equations:", n_eqns)


if __name__ == "__main__":
    main()
