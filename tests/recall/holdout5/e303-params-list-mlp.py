# case: e303-params-list-mlp
# source: https://github.com/google/flax/issues/1966
# kind: mistake
# rules: SCN303
# jax: symptom jaxpr_chars(60) > 15 * jaxpr_chars(2)
# note: a hand-written stax-style MLP whose apply loops `for W, b in params[:-1]` over a
#   list of identically shaped (W, b) tuples under jit; the network (a PINN
#   "EigenNet") had a handful of hidden layers of equal width and was compared to Flax.

import jax
import jax.numpy as jnp
from jax.nn import sigmoid


def MLP(layers):
    def init(rng_key):
        def init_layer(key, d_in, d_out):
            k1, k2 = jax.random.split(key)
            return jax.random.normal(k1, (d_in, d_out)), jax.random.normal(k2, (d_out,))

        keys = jax.random.split(rng_key, len(layers) - 1)
        return list(map(init_layer, keys, layers[:-1], layers[1:]))

    def apply(params, inputs):
        for W, b in params[:-1]:
            outputs = jnp.dot(inputs, W) + b
            inputs = sigmoid(outputs)
        W, b = params[-1]
        return jnp.dot(inputs, W) + b

    return init, apply


def jaxpr_chars(depth):
    init, apply = MLP([2] + [32] * depth + [1])
    params = init(jax.random.PRNGKey(0))
    return len(str(jax.make_jaxpr(jax.jit(apply))(params, jnp.ones((16, 2)))))


init, apply = MLP([2, 32, 32, 32, 1])
params = init(jax.random.PRNGKey(0))
print(jax.jit(apply)(params, jnp.ones((16, 2))).shape, jaxpr_chars(60), jaxpr_chars(2))
