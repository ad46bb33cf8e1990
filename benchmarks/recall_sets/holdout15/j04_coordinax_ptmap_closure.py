# expect: bug
# source: https://github.com/GalacticDynamics/coordinax/pull/785
# mistake: The point-map closure (vmap of a per-point transform, then jit) is rebuilt inside the method that is called in a loop, so jax.jit never reuses its cache and every call re-traces (the PR measured ~4000x per-call slowdown).
import time

import jax
import jax.numpy as jnp

TRACES = {"sph_to_cart": 0}


def _sph_to_cart_point(p):
    TRACES["sph_to_cart"] += 1
    r, theta, phi = p[0], p[1], p[2]
    return jnp.stack([r * jnp.sin(theta) * jnp.cos(phi),
                      r * jnp.sin(theta) * jnp.sin(phi),
                      r * jnp.cos(theta)])


def pt_map(fn):
    """Lift a per-point transform to a batch of points (like coordinax's pt_map)."""
    return jax.vmap(fn)


class SphericalPos:
    def __init__(self, data):
        self.data = data  # (N, 3)

    def vconvert_cartesian(self):
        # closure rebuilt every call -> new jit wrapper -> cache miss
        mapped = jax.jit(pt_map(lambda p: _sph_to_cart_point(p)))
        return mapped(self.data)


def main():
    key = jax.random.key(0)
    pts = SphericalPos(jax.random.uniform(key, (256, 3)))
    pts.vconvert_cartesian().block_until_ready()
    t0 = time.perf_counter()
    for _ in range(10):
        out = pts.vconvert_cartesian()
    out.block_until_ready()
    dt = (time.perf_counter() - t0) / 10
    print("output shape:", out.shape, f"| mean per call: {dt * 1e3:.2f} ms")
    print("traces of the point transform over 11 calls:", TRACES["sph_to_cart"])
    assert TRACES["sph_to_cart"] == 11
