# case: b301-outer-python-loop-around-scan-ok
# source: https://pytroubles.com/en/posts/id2384-jax-performance-choosing-python-for-loop-vs-jax-lax-scan-jit-trade-offs-and-unroll-tuning
# kind: lookalike
# rules: SCN301
# jax: symptom sum(e.primitive.name == 'scan' for e in jaxpr.jaxpr.eqns) >= 25
# pair: b301-outer-python-loop-around-scan

import jax

NUM_ALGO_ITERS = 25
INNER_SCAN_LEN = 2

def rollout_step(c, _):
    return c * 0.5 + 1.0, None

@jax.jit
def execute(init_carry):
    def algo_iter(c, carry):
        carry, _ = jax.lax.scan(rollout_step, carry, xs=None, length=INNER_SCAN_LEN)
        return carry
    return jax.lax.fori_loop(0, NUM_ALGO_ITERS, algo_iter, init_carry)

jaxpr = jax.make_jaxpr(execute.__wrapped__)(1.0)
