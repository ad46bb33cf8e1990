# case: e207-decorated-jit-global-stack
# source: https://github.com/jax-ml/jax/issues/282
# kind: mistake
# rules: SCN207
# jax: symptom bool(jnp.allclose(first, second))
# note: an @jax.jit function whose lax.scan body indexes a big module-level array (a
#   jnp.asarray of an np.repeat built at import); it is captured as a compile-time
#   constant, so after the global is rebound the cached executable still multiplies by the
#   old data. The issue re-jitted such a closure in a loop and watched GPU memory grow.

import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
X_BLOCKS = jnp.asarray(np.repeat(rng.random((1, 256, 1024), dtype=np.float32), 4, axis=0))


@jax.jit
def blockwise_dot(v):
    def body(acc, i):
        return acc + X_BLOCKS[i] @ v, None

    out, _ = jax.lax.scan(body, jnp.zeros(X_BLOCKS.shape[1]), jnp.arange(X_BLOCKS.shape[0]))
    return out


v = np.ones(1024, dtype=np.float32)
first = blockwise_dot(v)
X_BLOCKS = jnp.zeros_like(X_BLOCKS)
second = blockwise_dot(v)
print(float(first.sum()), float(second.sum()))
