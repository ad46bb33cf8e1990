# case: h204-global-key-split
# source: https://github.com/jax-ml/jax/pull/4312
# kind: mistake
# rules: SCN204
# jax: raises unexpected tracer
# note: a global PRNG key advanced inside the body keeps a tracer

import jax

KEY = jax.random.PRNGKey(0)

def draw(c, _):
    global KEY
    KEY, sub = jax.random.split(KEY)
    return c, jax.random.uniform(sub)

out = jax.lax.scan(draw, 0.0, None, length=3)
again = jax.random.uniform(KEY)
