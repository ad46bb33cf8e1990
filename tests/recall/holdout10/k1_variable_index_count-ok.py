# expect: none
# source: https://github.com/jax-ml/jax/issues/2521
# mistake: none: as the thread settles on, the index array is padded to a constant size with zero weights, so the jitted update compiles once for every batch.
# kind: 1 recompiles
import numpy as onp
import jax
import jax.numpy as jnp

_n_compiles = [0]


def _count(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _n_compiles[0] += 1


jax.monitoring.register_event_duration_secs_listener(_count)

MAX_IDX = 8


@jax.jit
def scatter_counts(table, indices, weights):
    return table.at[indices].add(weights)


def pad(idx):
    out = onp.zeros(MAX_IDX, dtype=onp.int32)
    w = onp.zeros(MAX_IDX, dtype=onp.float32)
    out[: idx.shape[0]] = idx
    w[: idx.shape[0]] = 1.0
    return out, w


def run(batches, table):
    for idx in batches:
        padded, w = pad(idx)
        table = scatter_counts(table, padded, w)
    return table


def main():
    rng = onp.random.default_rng(0)
    sizes = [3, 5, 4, 7, 6]
    batches = [rng.integers(0, 32, size=s) for s in sizes]
    table = jnp.zeros(32)
    start = _n_compiles[0]
    run(batches, table).block_until_ready()
    assert _n_compiles[0] - start <= 1


if __name__ == "__main__":
    main()
