"""2-D point-cloud helpers."""
import jax.numpy as jnp


def centroid(points):
    return jnp.mean(points, axis=0)


def bbox(points):
    return jnp.min(points, axis=0), jnp.max(points, axis=0)


def transform(points, op):
    def mirror(p): return p * jnp.array([-1.0, 1.0])
    def rotate(p): return jnp.stack([-p[..., 1], p[..., 0]], axis=-1)
    def shift(p): return p - centroid(p)
    if op == "mirror":
        return mirror(points)
    if op == "rotate":
        return rotate(points)
    return shift(points)


def pairwise_dist(points):
    d = points[:, None, :] - points[None, :, :]
    return jnp.sqrt(jnp.sum(d * d, axis=-1) + 1e-12)


def canonical(points):
    """Centre, then rotate a quarter turn."""
    return transform(transform(points, "center"), "rotate")
