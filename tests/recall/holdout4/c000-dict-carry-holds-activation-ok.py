# case: c000-dict-carry-holds-activation-ok
# source: https://github.com/patrick-kidger/equinox/issues/709
# kind: lookalike
# rules: none
# jax: runs
# pair: c000-dict-carry-holds-activation

import jax
import jax.numpy as jnp


def shift_kernel(kernel, offsets, act):
    def transform(kernel, offset):
        new = {"w": kernel["w"], "b": kernel["b"] + offset}
        return new, act(new["b"]).sum()
    return jax.lax.scan(transform, kernel, offsets)


kernel = {"w": jnp.eye(2), "b": jnp.zeros(2)}
out = shift_kernel(kernel, jnp.ones((10, 2)), jax.nn.softplus)
