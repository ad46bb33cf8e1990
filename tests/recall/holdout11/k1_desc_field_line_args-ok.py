# expect: none
# source: https://github.com/PlasmaControl/DESC/pull/1839
# mistake: (fixed) the vector field is a module-level function and the field parameters travel through args, so the static callable is the same object on every objective evaluation.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
from jax import lax

TRACES = {"integrate": 0}


@functools.partial(jax.jit, static_argnames=("vector_field",))
def integrate(vector_field, y0, phis, args):
    TRACES["integrate"] += 1

    def rk4(y, phi_pair):
        p0, p1 = phi_pair
        h = p1 - p0
        k1 = vector_field(p0, y, args)
        k2 = vector_field(p0 + h / 2, y + h / 2 * k1, args)
        k3 = vector_field(p0 + h / 2, y + h / 2 * k2, args)
        k4 = vector_field(p1, y + h * k3, args)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y

    _, ys = lax.scan(rk4, y0, (phis[:-1], phis[1:]))
    return ys


def _field_line_rhs(phi, rz, args):
    (coeffs,) = args
    r, z = rz[..., 0], rz[..., 1]
    b_r = coeffs[0] * z + coeffs[1] * jnp.sin(phi)
    b_z = -coeffs[0] * (r - 1.0) + coeffs[2] * jnp.cos(phi)
    b_phi = 1.0 / r
    return jnp.stack([b_r * r / b_phi, b_z * r / b_phi], axis=-1)


def field_line_integrate(r0, z0, phis, field):
    rz0 = jnp.stack([r0, z0], axis=-1)
    return integrate(_field_line_rhs, rz0, phis, (field["coeffs"],))


class FieldLineObjective:
    def __init__(self, r0, z0, n_transits=2):
        self.r0, self.z0 = r0, z0
        self.phis = jnp.linspace(0.0, 2 * jnp.pi * n_transits, 64)

    def compute(self, coeffs):
        traj = field_line_integrate(self.r0, self.z0, self.phis, {"coeffs": coeffs})
        return jnp.mean((traj[..., 0] - 1.0) ** 2 + traj[..., 1] ** 2)


def main():
    obj = FieldLineObjective(jnp.linspace(1.05, 1.2, 8), jnp.zeros(8))
    coeffs = jnp.array([0.3, 0.05, 0.02])
    for it in range(6):
        f0 = obj.compute(coeffs)
        trial = coeffs.at[it % 3].add(-0.05)
        if obj.compute(trial) < f0:
            coeffs = trial
    print("integrate traces:", TRACES["integrate"])


if __name__ == "__main__":
    main()
