# expect: none
# source: https://github.com/jeertmans/DiffeRT/issues/280
# mistake: Looks like the same shard_map'd scan with a freshly built initial carry, but the carry is
#   derived from the per-shard input (full_like of the first row), so it is already device-varying and
#   matches the body's output type.
# case: carry-dtype-shard-map-zeros-like-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: carry-dtype-shard-map-scan-init
# note: The error message in the issue suggests casting the initial carry to varying; deriving it from
#   the sharded operand achieves the same without an explicit cast.
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def last_hit(distances):
    def step(prev, d):
        hit = jnp.where(d > 0, d, prev)
        return hit, hit

    init = jnp.full_like(distances[0], jnp.inf)
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
