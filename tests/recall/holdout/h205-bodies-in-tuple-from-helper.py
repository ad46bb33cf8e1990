# case: h205-bodies-in-tuple-from-helper
# source: https://github.com/flagos-ai/FlagQuantum/pull/61
# kind: mistake
# rules: SCN205
# jax: symptom len(set(totals)) == 1
# note: variant: fori_loop bodies collected in a tuple, returned by a helper and run by its caller

from jax import lax

def build(powers):
    bodies = ()
    for p in powers:
        def body(i, x):
            return x + i ** p
        bodies = bodies + (body,)
    return bodies

totals = [int(lax.fori_loop(0, 3, b, 0)) for b in build((1, 2, 3))]
