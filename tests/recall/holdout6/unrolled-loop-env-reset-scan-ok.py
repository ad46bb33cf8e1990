# expect: none
# source: https://github.com/epignatelli/navix/issues/150
# mistake: Looks like the same loop over crossings in reset, but it is expressed as a lax.scan over a
#   fixed-size index sequence, so the body is traced once regardless of the number of crossings.
# case: unrolled-loop-env-reset-scan-ok
# kind: lookalike
# rules: SCN301
# jax: symptom RESULT > 40
# pair: unrolled-loop-env-reset-cond
# note: This mirrors the fix the issue cites (PR #149: a single jax.lax.scan over a fixed-size index
#   sequence, ~2x faster compile); RESULT counts jaxpr equations of the vmapped reset.
import jax
import jax.numpy as jnp

GRID = 16
N_CROSSINGS = 24


class Crossings:
    def __init__(self, n_crossings=N_CROSSINGS):
        self.n_crossings = n_crossings

    def _place_wall(self, grid, idx, key):
        row_or_col = jax.random.bernoulli(jax.random.fold_in(key, idx))
        pos = (2 * idx + 1) % GRID

        def horizontal(g):
            return g.at[pos, :].set(1)

        def vertical(g):
            return g.at[:, pos].set(1)

        return jax.lax.cond(row_or_col, horizontal, vertical, grid)

    def reset(self, key):
        grid = jnp.zeros((GRID, GRID), jnp.int32)

        def body(g, i):
            return self._place_wall(g, i, key), None

        grid, _ = jax.lax.scan(body, grid, jnp.arange(self.n_crossings))
        return grid


def main():
    env = Crossings()
    keys = jax.random.split(jax.random.key(0), 8)
    jaxpr = jax.make_jaxpr(jax.vmap(env.reset))(keys)
    return len(jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
