# case: b301-outer-python-loop-around-scan
# source: https://pytroubles.com/en/posts/id2384-jax-performance-choosing-python-for-loop-vs-jax-lax-scan-jit-trade-offs-and-unroll-tuning
# kind: mistake
# rules: SCN301
# jax: symptom sum(e.primitive.name == 'scan' for e in jaxpr.jaxpr.eqns) >= 25
# note: the unrolled loop body is itself a lax.scan call; module-level constants; the loop variable
#   is unused

import jax

NUM_ALGO_ITERS = 25
INNER_SCAN_LEN = 2

def rollout_step(c, _):
    return c * 0.5 + 1.0, None

@jax.jit
def execute(init_carry):
    for c in range(NUM_ALGO_ITERS):
        init_carry, _ = jax.lax.scan(rollout_step, init_carry, xs=None,
                                     length=INNER_SCAN_LEN)
    return init_carry

jaxpr = jax.make_jaxpr(execute.__wrapped__)(1.0)
