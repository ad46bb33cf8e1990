# expect: bug
# source: https://github.com/jeertmans/DiffeRT/issues/280
# mistake: Inside shard_map the scan's initial carry is a fresh replicated constant while the body
#   mixes in per-shard inputs, so the carry output is device-varying and its type no longer matches the
#   carry input.
# case: carry-dtype-shard-map-scan-init
# kind: mistake
# rules: none
# jax: raises carry input and carry output must have equal types
# note: The issue (image-method path tracing with parallel=True, jax>=0.6) hit the "varying manual axes
#   do not match" scan error for a carry initialised outside the sharded data; reproduced with a
#   one-device mesh and a running-maximum "last intersection" scan.
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def last_hit(distances):
    # distances: [n_mirrors, n_rays_local]; keep the most recent positive hit per ray
    def step(prev, d):
        hit = jnp.where(d > 0, d, prev)
        return hit, hit

    init = jnp.full(distances.shape[1:], jnp.inf, distances.dtype)
    _, hits = jax.lax.scan(step, init, distances)
    return hits


def compute_paths(distances, mesh):
    f = jax.shard_map(last_hit, mesh=mesh, in_specs=P(None, "rays"), out_specs=P(None, "rays"))
    return jax.jit(f)(distances)


def main():
    mesh = jax.make_mesh((1,), ("rays",))
    d = jnp.linspace(-1.0, 1.0, 4 * 8).reshape(4, 8)
    d = jax.device_put(d, NamedSharding(mesh, P(None, "rays")))
    return compute_paths(d, mesh)


if __name__ == "__main__":
    RESULT = main()
