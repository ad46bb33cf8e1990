# expect: bug
# source: https://github.com/jax-ml/jax/issues/10400
# mistake: A triangular double loop uses the outer fori_loop index as the start of an inner Python
#   range(i, n); the index is a tracer, so range() cannot convert it to an int.
# case: traced-control-flow-range-from-loop-index
# kind: mistake
# rules: SCN211
# jax: raises __index__() method was called on traced array
# note: The thread used the (since removed) jax.experimental.loops Scope with s.range(i, n) and got a
#   ConcretizationTypeError; reshaped as a lax.fori_loop outer loop with a Python inner loop in a
#   pairwise-interaction energy helper.
import jax
import jax.numpy as jnp


def pair_energy(xi, xj):
    r2 = jnp.sum((xi - xj) ** 2) + 1e-3
    return 1.0 / r2


def upper_triangle_energy(positions):
    n = positions.shape[0]

    def outer(i, acc):
        row = 0.0
        for j in range(i + 1, n):
            row = row + pair_energy(positions[i], positions[j])
        return acc + row

    return jax.lax.fori_loop(0, n, outer, 0.0)


def main():
    pos = jnp.stack([jnp.arange(6.0), jnp.zeros(6)], axis=1)
    return jax.jit(upper_triangle_energy)(pos)


if __name__ == "__main__":
    RESULT = main()
