# expect: none
# source: https://github.com/TonyZhou729/ABCMB/pull/3
# mistake: Resembles calling a jitted solver in a loop with Python-float cosmological parameters that change every call, but params.get() values are wrapped in jnp.array and passed as traced arguments (not static, not closed over), so the cached compiled code is reused when the values change.
import jax
import jax.numpy as jnp

TRACES = {"background": 0}


@jax.jit
def background_distances(h, omega_b, omega_cdm, z_grid):
    TRACES["background"] += 1
    H0 = 100.0 * h
    Om = (omega_b + omega_cdm) / h**2

    def step(chi, dz_z):
        dz, z = dz_z
        Hz = H0 * jnp.sqrt(Om * (1 + z) ** 3 + (1 - Om))
        chi = chi + 299792.458 / Hz * dz
        return chi, chi

    dz = jnp.diff(z_grid)
    _, chi = jax.lax.scan(step, jnp.asarray(0.0), (dz, z_grid[1:]))
    return chi


class Model:
    def __init__(self, params):
        self.params = params

    def run(self, z_grid):
        p = {k: jnp.array(self.params.get(k)) for k in ("h", "omega_b", "omega_cdm")}
        return background_distances(p["h"], p["omega_b"], p["omega_cdm"], z_grid)


def main():
    z_grid = jnp.linspace(0.0, 3.0, 301)
    chis = []
    for h in (0.62, 0.66, 0.6736, 0.70, 0.74):  # varying LCDM parameters
        model = Model({"h": h, "omega_b": 0.02237, "omega_cdm": 0.1200})
        chis.append(float(model.run(z_grid)[-1]))
    print("comoving distance to z=3 [Mpc]:", [round(c, 1) for c in chis])
    print("traces of background_distances over 5 parameter sets:", TRACES["background"])
    assert TRACES["background"] == 1
