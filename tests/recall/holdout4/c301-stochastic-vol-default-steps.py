# case: c301-stochastic-vol-default-steps
# source: https://github.com/QuantEcon/lecture-jax/pull/249
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.exponential') >= 25
# note: `range(n)` of a parameter default (`n=25`) in a function jitted at module level (`price =
#   jax.jit(call_price)`), a PRNG key split each trip

import jax
import jax.numpy as jnp


def call_price(key, s0=1.0, h0=0.0, n=25, m=64, mu=0.01, rho=0.9, nu=0.1):
    s = jnp.full(m, s0)
    h = jnp.full(m, h0)
    for t in range(n):
        key, subkey = jax.random.split(key)
        z = jax.random.normal(subkey, (2, m))
        s = s + mu + jnp.exp(h) * z[0, :]
        h = rho * h + nu * z[1, :]
    return jnp.mean(jnp.maximum(jnp.exp(s) - 1.0, 0.0))


price = jax.jit(call_price)
hlo = price.lower(jax.random.key(0)).as_text()
