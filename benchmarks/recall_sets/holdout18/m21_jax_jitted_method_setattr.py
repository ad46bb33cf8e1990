# expect: bug
# source: https://github.com/jax-ml/jax/issues/15817
# mistake: set_subsystem is a jax.jit-decorated method of a pytree class that assigns self.x inside the traced body; jit works on an unflattened copy, so the assignments made while looping over subsystems never reach the caller's object and a.x is unchanged.
import jax
import jax.numpy as jnp
import numpy as np


class A:
    def __init__(self, x):
        self.x = x

    def _tree_flatten(self):
        return (self.x,), {}

    @classmethod
    def _tree_unflatten(cls, static, dynamic):
        return cls(*dynamic)

    @jax.jit
    def set_subsystem(self, index, sub):
        self.x = self.x.at[index].set(sub.x)


jax.tree_util.register_pytree_node(A, A._tree_flatten, A._tree_unflatten)


def main():
    nall, nsub = 6, 2
    a = A(jnp.zeros(nall))
    subs = [A(jnp.full((nsub,), float(k + 1))) for k in range(3)]
    for k, sub in enumerate(subs):
        a.set_subsystem(jnp.arange(nsub) + k * nsub, sub)
    print("a.x after assigning 3 subsystems:", np.asarray(a.x).tolist())
    print("any subsystem written:", bool(jnp.any(a.x != 0)))
