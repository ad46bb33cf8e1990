# expect: bug
# source: https://github.com/chungmin99/pyroki/issues/24
# mistake: During online planning each newly detected obstacle is appended to the world-collision geometry, so the jitted solve step sees a new (n_bodies,) shape and recompiles ("re-warms") every time the obstacle count changes.
import jax
import jax.numpy as jnp

TRACES = {"solve": 0}


def sphere_sdf(points, centers, radii):
    # (n_links, 3) x (n_bodies, 3) -> (n_links, n_bodies)
    d = jnp.linalg.norm(points[:, None, :] - centers[None, :, :], axis=-1)
    return d - radii[None, :]


def forward_kinematics(cfg, link_lengths):
    angles = jnp.cumsum(cfg)
    xy = jnp.cumsum(link_lengths[:, None] * jnp.stack([jnp.cos(angles), jnp.sin(angles)], -1), 0)
    return jnp.concatenate([xy, jnp.zeros((xy.shape[0], 1))], -1)


@jax.jit
def solve_ik_step(cfg, target, link_lengths, world_centers, world_radii, margin=0.05):
    TRACES["solve"] += 1

    def cost(c):
        pts = forward_kinematics(c, link_lengths)
        dist = sphere_sdf(pts, world_centers, world_radii)
        coll = jnp.sum(jnp.maximum(0.0, margin - dist) ** 2)
        return jnp.sum((pts[-1] - target) ** 2) + 10.0 * coll

    for _ in range(20):  # a few unrolled Gauss-Newton-ish steps
        cfg = cfg - 0.1 * jax.grad(cost)(cfg)
    return cfg


def main():
    link_lengths = jnp.array([0.4, 0.3, 0.2])
    cfg = jnp.zeros(3)
    centers, radii = [], []
    key = jax.random.key(0)
    for t in range(6):  # perception adds one obstacle per planning tick
        key, sub = jax.random.split(key)
        centers.append(jax.random.uniform(sub, (3,), minval=-1, maxval=1).at[2].set(0.0))
        radii.append(0.1)
        cfg = solve_ik_step(cfg, jnp.array([0.5, 0.4, 0.0]), link_lengths,
                            jnp.stack(centers), jnp.asarray(radii))
    print("final cfg:", cfg)
    print("compiles of solve_ik_step over 6 planning ticks:", solve_ik_step._cache_size())
    assert solve_ik_step._cache_size() == 6
