"""Lennard-Jones pair potential; forces are negative gradients."""
import jax
import jax.numpy as jnp

R_CUT = 2.5


def lennard_jones(r, eps=1.0, sigma=1.0):
    sr6 = (sigma / r) ** 6
    sc6 = (sigma / R_CUT) ** 6
    return 4.0 * eps * (sr6 * sr6 - sr6) - 4.0 * eps * (sc6 * sc6 - sc6)


def total_energy(pos, eps=1.0, sigma=1.0):
    n = pos.shape[0]
    d = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt(jnp.sum(d * d, -1) + jnp.eye(n))
    e = lennard_jones(r, eps, sigma)
    return 0.5 * jnp.sum(jnp.where(jnp.eye(n, dtype=bool), 0.0, e))


def forces(pos, eps=1.0, sigma=1.0):
    return -jax.grad(total_energy)(pos, eps, sigma)
