# case: e203-rnn-tanh-pair-ok
# source: https://github.com/patrick-kidger/equinox/issues/513
# kind: lookalike
# rules: SCN203
# jax: symptom not bool(jnp.allclose(hs[-1], h_final))
# note: a scan body that returns the new hidden state as both carry and per-step output by
#   writing `return (jnp.tanh(w @ h + u @ x),) * 2`, a valid (carry, y) pair; the issue
#   asked how to get per-step outputs when the example's scan_fn returned (state, None).

import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
k_w, k_u, k_x = jax.random.split(key, 3)
w = 0.3 * jax.random.normal(k_w, (16, 16))
u = 0.3 * jax.random.normal(k_u, (16, 4))
xs = jax.random.normal(k_x, (20, 4))


def rnn_cell(h, x):
    return (jnp.tanh(w @ h + u @ x),) * 2


h_final, hs = jax.lax.scan(rnn_cell, jnp.zeros(16), xs)
print(h_final.shape, hs.shape)
