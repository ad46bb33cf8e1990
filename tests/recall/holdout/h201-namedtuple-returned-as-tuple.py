# case: h201-namedtuple-returned-as-tuple
# source: https://github.com/jax-ml/jax/issues/744
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: a NamedTuple init, a plain tuple returned as the carry

from typing import NamedTuple
import jax
import jax.numpy as jnp

class Particle(NamedTuple):
    x: jax.Array
    v: jax.Array

def fly(x0, v0):
    p0 = Particle(x0, v0)
    def step(p, _):
        return (p.x + p.v, p.v * 0.99), p.x
    return jax.lax.scan(step, p0, None, length=3)

out = fly(jnp.zeros(2), jnp.ones(2))
