# expect: bug
# source: https://github.com/cryoem/eman2/pull/583
# mistake: Nested Python for-loops over tiles and tilts inside a jitted refinement function are
#   unrolled at trace time, so the compiled program contains one copy of the body per (tile, tilt)
#   pair and compile time grows with the product of the two counts.
# case: unrolled-loop-tile-tilt-refine
# kind: mistake
# rules: SCN301
# jax: symptom RESULT > 500
# note: The PR reports 9 tiles x 38 tilts = 342 inlined copies and 5+ minute GPU compiles; this keeps
#   the 9 x 38 nesting but replaces the tomogram math with a small shift/cross-correlation score. RESULT
#   is the number of equations in the jitted function's jaxpr.
import jax
import jax.numpy as jnp

N_TILES = 9
N_TILTS = 38


def score_tile(tile, reference, shift):
    moved = jnp.roll(tile, shift, axis=0)
    return jnp.sum(moved * reference) / (jnp.linalg.norm(moved) * jnp.linalg.norm(reference) + 1e-6)


@jax.jit
def refine_alignment(tiles, references, tilt_angles):
    # tiles: [N_TILES, N_TILTS, P]; references: [N_TILES, P]
    total = jnp.zeros(())
    offsets = jnp.zeros((N_TILTS,))
    for t in range(N_TILTS):
        weight = jnp.cos(tilt_angles[t])
        for k in range(N_TILES):
            s = score_tile(tiles[k, t], references[k], 1)
            total = total + weight * s
            offsets = offsets.at[t].add(s)
    return total, offsets


def main():
    tiles = jnp.ones((N_TILES, N_TILTS, 32))
    refs = jnp.ones((N_TILES, 32))
    angles = jnp.linspace(-1.0, 1.0, N_TILTS)
    jaxpr = jax.make_jaxpr(refine_alignment.__wrapped__)(tiles, refs, angles)
    return len(jaxpr.eqns)


if __name__ == "__main__":
    RESULT = main()
