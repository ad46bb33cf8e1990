# case: e303-different-widths-ok
# source: https://github.com/patrick-kidger/equinox/issues/1057
# kind: lookalike
# rules: SCN303
# jax: symptom len({w.shape for w, _ in params}) < len(params)
# note: a Python loop over three layers whose weight shapes all differ (a shrinking
#   encoder), so there is nothing to stack and scan over; the issue asked how to scan over
#   layers whose sizes change and was told scan needs fixed shapes (or padding/masking).

import jax
import jax.numpy as jnp

sizes = [64, 32, 16, 4]
keys = jax.random.split(jax.random.PRNGKey(0), len(sizes) - 1)
params = [(0.1 * jax.random.normal(k, (d_out, d_in)), jnp.zeros(d_out))
          for k, d_in, d_out in zip(keys, sizes[:-1], sizes[1:])]


@jax.jit
def encoder(params, x):
    for w, b in params:
        x = jax.nn.relu(w @ x + b)
    return x


print(encoder(params, jnp.ones(64)).shape)
