# case: e303-flow-layers-scan-ok
# source: https://github.com/kazewong/flowMC/issues/153
# kind: lookalike
# rules: SCN303
# pair: e303-flow-layers-python-loop
# jax: symptom trace_size(48) > 15 * trace_size(2)
# note: the fix the issue asks for: the coupling parameters are stacked along a leading
#   layer axis and the forward pass is a lax.scan that carries (x, log_det).

import jax
import jax.numpy as jnp


def make_stacked(n_layers, dim=8, seed=0):
    keys = jax.random.split(jax.random.PRNGKey(seed), n_layers)
    half = dim // 2
    return {
        "w_s": jax.vmap(lambda k: 0.1 * jax.random.normal(k, (half, half)))(keys),
        "w_t": jax.vmap(lambda k: 0.1 * jax.random.normal(k, (half, half)))(keys),
        "flip": jnp.arange(n_layers) % 2 == 1,
    }


def coupling(x, p):
    x = jnp.where(p["flip"], x[::-1], x)
    x1, x2 = jnp.split(x, 2)
    log_s = jnp.tanh(p["w_s"] @ x1)
    y2 = x2 * jnp.exp(log_s) + p["w_t"] @ x1
    return jnp.concatenate([x1, y2]), jnp.sum(log_s)


@jax.jit
def forward(stacked, x):
    def body(carry, p):
        x, log_det = carry
        x, ld = coupling(x, p)
        return (x, log_det + ld), None

    (x, log_det), _ = jax.lax.scan(body, (x, 0.0), stacked)
    return x, log_det


def trace_size(n_layers):
    return len(str(jax.make_jaxpr(forward)(make_stacked(n_layers), jnp.ones(8))))


y, log_det = forward(make_stacked(4), jnp.ones(8))
print(y.shape, float(log_det), trace_size(48), trace_size(2))
