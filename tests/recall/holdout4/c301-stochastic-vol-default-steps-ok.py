# case: c301-stochastic-vol-default-steps-ok
# source: https://github.com/QuantEcon/lecture-jax/pull/249
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.exponential') >= 25
# pair: c301-stochastic-vol-default-steps

import jax
import jax.numpy as jnp


def call_price(key, s0=1.0, h0=0.0, n=25, m=64, mu=0.01, rho=0.9, nu=0.1):
    s = jnp.full(m, s0)
    h = jnp.full(m, h0)

    def update(t, state):
        s, h, key = state
        key, subkey = jax.random.split(key)
        z = jax.random.normal(subkey, (2, m))
        s = s + mu + jnp.exp(h) * z[0, :]
        h = rho * h + nu * z[1, :]
        return s, h, key

    s, h, key = jax.lax.fori_loop(0, n, update, (s, h, key))
    return jnp.mean(jnp.maximum(jnp.exp(s) - 1.0, 0.0))


price = jax.jit(call_price)
hlo = price.lower(jax.random.key(0)).as_text()
