# expect: none
# source: https://github.com/HajimeKawahara/exojax/issues/549
# mistake: Resembles j22 (jax.grad through a long layer-by-layer lax.scan over a big wavenumber grid), but the layer update is wrapped in jax.checkpoint so reverse mode keeps only the per-layer flux carry and recomputes the opacity intermediates, keeping gradient memory nearly flat in the number of layers.
import jax
import jax.numpy as jnp

N_NU, N_LINES = 2048, 64


def line_opacity(T, P, nu_grid, line_nu, line_S):
    gamma = 0.05 * P * (296.0 / T) ** 0.7
    prof = gamma[..., None] / (jnp.pi * ((nu_grid[None, :] - line_nu[:, None]) ** 2 + gamma**2))
    S_T = line_S[:, None] * jnp.exp(-1.4388 * line_nu[:, None] * (1.0 / T - 1.0 / 296.0) / 1e3)
    return jnp.sum(S_T * prof, axis=0)


def opart_flux(temperatures, pressures, nu_grid, line_nu, line_S, dtau_scale=1e-3):
    @jax.checkpoint
    def update_layer(flux, layer):
        T, P = layer
        dtau = dtau_scale * P * line_opacity(T, P, nu_grid, line_nu, line_S)
        trans = jnp.exp(-dtau)
        source = (nu_grid**3) / (jnp.exp(1.4388 * nu_grid / T) - 1.0)
        return flux * trans + (1.0 - trans) * source, None

    flux, _ = jax.lax.scan(update_layer, jnp.zeros_like(nu_grid), (temperatures, pressures))
    return flux


def loss(temperatures, pressures, nu_grid, line_nu, line_S, observed):
    return jnp.mean((opart_flux(temperatures, pressures, nu_grid, line_nu, line_S) - observed) ** 2)


def grad_temp_mib(n_layers):
    nu = jnp.linspace(4000.0, 4100.0, N_NU)
    line_nu = jnp.linspace(4001.0, 4099.0, N_LINES)
    T = jnp.linspace(1500.0, 800.0, n_layers)
    P = jnp.logspace(1, -3, n_layers)
    g = jax.jit(jax.grad(loss)).lower(T, P, nu, line_nu, jnp.ones(N_LINES), jnp.zeros(N_NU)).compile()
    return g.memory_analysis().temp_size_in_bytes / 2**20


def main():
    for n_layers in (25, 50, 100):
        print(f"n_layers={n_layers:4d}: grad temp buffers = {grad_temp_mib(n_layers):7.1f} MiB")
    assert grad_temp_mib(100) < 1.5 * grad_temp_mib(25)
