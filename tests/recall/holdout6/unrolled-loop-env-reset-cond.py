# expect: bug
# source: https://github.com/epignatelli/navix/issues/150
# mistake: The environment's reset builds its wall layout with a Python for-loop of n iterations, each
#   calling lax.cond; under jax.jit(jax.vmap(env.reset)) the loop is unrolled into n copies of the
#   cond, inflating the jaxpr and compile time.
# case: unrolled-loop-env-reset-cond
# kind: mistake
# rules: SCN301
# jax: symptom RESULT > 40
# note: The issue describes Crossings._reset (a Python for loop unrolled 10 times, each with
#   jax.lax.cond) replaced by a lax.scan in PR #149; this grid world is a simplified stand-in and uses
#   more crossings to make the growth visible. RESULT counts jaxpr equations of the vmapped reset.
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
        for i in range(self.n_crossings):
            grid = self._place_wall(grid, i, key)
        return grid


def main():
    env = Crossings()
    keys = jax.random.split(jax.random.key(0), 8)
    jaxpr = jax.make_jaxpr(jax.vmap(env.reset))(keys)
    return len(jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
