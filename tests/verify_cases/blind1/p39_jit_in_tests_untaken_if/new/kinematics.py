"""Planar arm forward kinematics."""
import jax.numpy as jnp


def link_angles(q, degrees=False):
    if degrees: q = jnp.rad2deg(q)
    return jnp.cumsum(q)


def forward_kin(q, lengths=None, degrees=False):
    lengths = jnp.ones_like(q) if lengths is None else lengths
    ang = link_angles(q, degrees)
    xs = jnp.cumsum(lengths * jnp.cos(ang))
    ys = jnp.cumsum(lengths * jnp.sin(ang))
    return jnp.stack([xs, ys], axis=-1)


def reach(q, lengths=None):
    return forward_kin(q, lengths)[-1]


def workspace_radius(lengths):
    return jnp.sum(jnp.abs(lengths))
