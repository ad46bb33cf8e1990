# expect: none
# source: https://github.com/chungmin99/pyroki/issues/24
# mistake: Resembles j13 (obstacles added at runtime to a jitted online-planning step), but, as the maintainer suggests, the world geometry is padded to a fixed MAX_BODIES with a valid-body mask, so the step sees the same shapes every tick and compiles once.
import jax
import jax.numpy as jnp

MAX_BODIES = 16


def sphere_sdf(points, centers, radii):
    d = jnp.linalg.norm(points[:, None, :] - centers[None, :, :], axis=-1)
    return d - radii[None, :]


def forward_kinematics(cfg, link_lengths):
    angles = jnp.cumsum(cfg)
    xy = jnp.cumsum(link_lengths[:, None] * jnp.stack([jnp.cos(angles), jnp.sin(angles)], -1), 0)
    return jnp.concatenate([xy, jnp.zeros((xy.shape[0], 1))], -1)


@jax.jit
def solve_ik_step(cfg, target, link_lengths, world_centers, world_radii, valid_coll_mask, margin=0.05):
    def cost(c):
        pts = forward_kinematics(c, link_lengths)
        dist = sphere_sdf(pts, world_centers, world_radii)
        coll = jnp.sum(valid_coll_mask * jnp.maximum(0.0, margin - dist) ** 2)
        return jnp.sum((pts[-1] - target) ** 2) + 10.0 * coll

    for _ in range(20):  # fixed, small number of unrolled steps
        cfg = cfg - 0.1 * jax.grad(cost)(cfg)
    return cfg


def main():
    link_lengths = jnp.array([0.4, 0.3, 0.2])
    cfg = jnp.zeros(3)
    centers = jnp.full((MAX_BODIES, 3), 100.0)  # far-away dummies
    radii = jnp.zeros(MAX_BODIES)
    valid = jnp.zeros(MAX_BODIES)
    key = jax.random.key(0)
    for t in range(6):  # one new obstacle per planning tick
        key, sub = jax.random.split(key)
        centers = centers.at[t].set(jax.random.uniform(sub, (3,), minval=-1, maxval=1).at[2].set(0.0))
        radii, valid = radii.at[t].set(0.1), valid.at[t].set(1.0)
        cfg = solve_ik_step(cfg, jnp.array([0.5, 0.4, 0.0]), link_lengths, centers, radii, valid)
    print("final cfg:", cfg)
    print("compiles of solve_ik_step over 6 planning ticks:", solve_ik_step._cache_size())
    assert solve_ik_step._cache_size() == 1
