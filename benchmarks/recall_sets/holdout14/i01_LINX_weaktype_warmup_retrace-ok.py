# expect: none
# source: https://github.com/cgiovanetti/LINX/issues/13
# mistake: (correct) the warm-up call uses the same strongly-typed float32 scalar as the loop, so the background model is traced and compiled exactly once.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

TRACES = {"background": 0, "Li": 0}


@partial(jax.jit, static_argnums=(0,))
def Li(n, x):
    """Polylogarithm Li_n(x) by its series; n is static."""
    TRACES["Li"] += 1
    k = jnp.arange(1, 40, dtype=jnp.float32)
    return jnp.sum(x[..., None] ** k / k ** n, axis=-1)


def n_massless_BE(T, mu, g):
    return lax.cond(
        T > 0.,
        lambda T: g / jnp.pi**2 * Li(3, jnp.exp(mu / T)) * T**3,
        lambda T: 0. * T,
        T,
    )


def rho_massless_BE(T, mu, g):
    return lax.cond(
        T > 0.,
        lambda T: g * 3 / jnp.pi**2 * Li(4, jnp.exp(mu / T)) * T**4,
        lambda T: 0. * T,
        T,
    )


class BackgroundModel:
    def __init__(self, n_steps=32):
        self.n_steps = n_steps

    @partial(jax.jit, static_argnums=(0,))
    def __call__(self, Delt_Neff):
        TRACES["background"] += 1
        T_vec = jnp.linspace(10., 0.1, self.n_steps)
        mu = -0.5 * jnp.ones_like(T_vec)
        rho_g = jax.vmap(rho_massless_BE, in_axes=(0, 0, None))(T_vec, mu, 2.)
        n_g = jax.vmap(n_massless_BE, in_axes=(0, 0, None))(T_vec, mu, 2.)
        Neff_vec = 3.044 + Delt_Neff * jnp.ones_like(T_vec)
        a_vec = 1. / T_vec
        return T_vec, a_vec, rho_g, n_g, Neff_vec


def main():
    thermo_model_DNeff = BackgroundModel()
    (t_vec_ref, a_vec_ref, rho_g_vec, n_g_vec, Neff_vec) = thermo_model_DNeff(jnp.asarray(0., dtype=jnp.float32))

    input_dNeff = jnp.linspace(-5, 5, 10, dtype=float)
    for dNeff in input_dNeff:
        t_vec, a_vec, rho_g_vec, n_g_vec, Neff_vec = thermo_model_DNeff(jnp.asarray(dNeff))
    print("BackgroundModel traces:", TRACES["background"], "Li traces:", TRACES["Li"])
    return TRACES


if __name__ == "__main__":
    main()
