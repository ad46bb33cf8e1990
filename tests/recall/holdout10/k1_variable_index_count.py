# expect: bug
# source: https://github.com/jax-ml/jax/issues/2521
# mistake: the jitted update is called with an index array whose length differs from batch to batch, so every new length triggers a recompilation inside the training loop.
# kind: 1 recompiles
import numpy as onp
import jax
import jax.numpy as jnp

_n_compiles = [0]


def _count(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _n_compiles[0] += 1


jax.monitoring.register_event_duration_secs_listener(_count)


@jax.jit
def scatter_counts(table, indices, weights):
    return table.at[indices].add(weights)


def run(batches, table):
    for idx, w in batches:
        table = scatter_counts(table, idx, w)
    return table


def main():
    rng = onp.random.default_rng(0)
    sizes = [3, 5, 4, 7, 6]
    batches = [(jnp.asarray(rng.integers(0, 32, size=s)), jnp.ones(s)) for s in sizes]
    table = jnp.zeros(32)
    start = _n_compiles[0]
    run(batches, table).block_until_ready()
    n = _n_compiles[0] - start
    if n >= len(set(sizes)):
        print(f"SYMPTOM: {n} compiles for {len(batches)} batches with {len(set(sizes))} distinct index counts")


if __name__ == "__main__":
    main()
