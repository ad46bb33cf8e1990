# case: b206-counter-with-reverse-scan-ok
# source: https://github.com/genjax-community/genjax/issues/1254
# kind: lookalike
# rules: SCN206
# jax: symptom not bool(jnp.allclose(out, ref))
# pair: b206-counter-with-reverse-scan

import jax
import jax.numpy as jnp

def discounted(rewards, weights):
    def back(acc, rw):
        r, w = rw
        acc = r + 0.9 * acc * w
        return acc, acc

    _, out = jax.lax.scan(back, 0.0, (rewards, weights), reverse=True)
    return out

def reference(rewards, weights):
    def back(acc, rw):
        r, w = rw
        acc = r + 0.9 * acc * w
        return acc, acc

    _, out = jax.lax.scan(back, 0.0, (rewards, weights), reverse=True)
    return out

rewards = jnp.array([1.0, 2.0, 3.0, 4.0])
weights = jnp.array([1.0, 0.0, 1.0, 0.0])
out = discounted(rewards, weights)
ref = reference(rewards, weights)
