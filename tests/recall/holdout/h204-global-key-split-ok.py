# case: h204-global-key-split-ok
# source: https://github.com/jax-ml/jax/pull/4312
# kind: lookalike
# rules: SCN204
# jax: runs
# pair: h204-global-key-split

import jax

KEY = jax.random.PRNGKey(0)

def draw(c, sub):
    return c, jax.random.uniform(sub)

KEY, *subs = jax.random.split(KEY, 4)
out = jax.lax.scan(draw, 0.0, jax.numpy.stack(subs))
again = jax.random.uniform(KEY)
