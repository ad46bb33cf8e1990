# case: b201-cached-attribute-in-pytree-ok
# source: https://github.com/pyro-ppl/numpyro/issues/1928
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: b201-cached-attribute-in-pytree

import jax
import jax.numpy as jnp
from jax import tree_util

@tree_util.register_pytree_node_class
class Gaussian:
    def __init__(self, prec, cov=None):
        self.prec = prec
        self._cov = cov

    @property
    def cov(self):
        if self._cov is None:
            self._cov = jnp.linalg.inv(self.prec)
        return self._cov

    def tree_flatten(self):
        return (self.prec, self._cov), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

def make():
    return Gaussian(2.0 * jnp.eye(2))

init = make()
print(make().cov)
out = jax.lax.scan(lambda d, _: (make(), None), init, jnp.arange(3))
