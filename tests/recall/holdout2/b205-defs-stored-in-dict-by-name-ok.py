# case: b205-defs-stored-in-dict-by-name-ok
# source: https://smileboywtu.github.io/articles/2016/04/06/late-binding-closure.html
# kind: lookalike
# rules: SCN205
# jax: symptom abs(float(ends['slow']) - float(ends['fast'])) < 1e-6
# pair: b205-defs-stored-in-dict-by-name

import jax.numpy as jnp
from jax import lax

def build(rates):
    bodies = {}
    for name, r in rates.items():
        def decay(c, _, r=r):
            return c * r, c
        bodies[name] = decay
    return bodies

bodies = build({"slow": 0.9, "fast": 0.5})
ends = {name: lax.scan(f, 1.0, None, length=3)[0] for name, f in bodies.items()}
