# case: e204-key-generator-partial-fori
# source: https://github.com/jax-ml/jax/issues/2009
# kind: mistake
# rules: SCN204
# jax: symptom bool(jnp.all(draws[0] == draws[1]))
# note: the "PRNGKeyGenerator" idea from the proposal written as a Python generator of
#   split keys, handed to a fori_loop body with functools.partial and advanced with
#   next(); the issue itself discussed the generator outside any loop primitive.

import functools

import jax
import jax.numpy as jnp


def key_generator(seed):
    key = jax.random.PRNGKey(seed)
    while True:
        key, subkey = jax.random.split(key)
        yield subkey


def body(i, draws, keygen):
    a = jax.random.uniform(next(keygen), (10,))
    return draws.at[i].set(a)


keygen = key_generator(0)
draws = jax.lax.fori_loop(0, 6, functools.partial(body, keygen=keygen), jnp.zeros((6, 10)))
print(draws[:2])
