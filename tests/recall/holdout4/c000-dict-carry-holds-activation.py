# case: c000-dict-carry-holds-activation
# source: https://github.com/patrick-kidger/equinox/issues/709
# kind: mistake
# rules: none
# jax: raises is not a valid JAX type
# note: a dict carry holding a function beside its arrays; the thread's carry is an equinox Module
#   with function fields

import jax
import jax.numpy as jnp


def shift_kernel(kernel, offsets):
    def transform(kernel, offset):
        new = {"w": kernel["w"], "b": kernel["b"] + offset, "act": kernel["act"]}
        return new, new["act"](new["b"]).sum()
    return jax.lax.scan(transform, kernel, offsets)


kernel = {"w": jnp.eye(2), "b": jnp.zeros(2), "act": jax.nn.softplus}
out = shift_kernel(kernel, jnp.ones((10, 2)))
