# expect: bug
# source: https://github.com/google/flax/issues/1077
# mistake: a parameter initialiser loops `for i in jnp.arange(lg2)` where lg2 is computed with jnp.log2, so under jit the loop length is a tracer.
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp
from flax import linen as nn


def hadamard(key, shape, dtype=jnp.float32):
    lg2 = jnp.log2(shape[0])
    H = jnp.ones((1, 1), dtype=dtype)
    for i in jnp.arange(lg2):
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    return 2 ** (-lg2 / 2) * H


class HadamardTransform(nn.Module):
    n_hadamard: int

    @nn.compact
    def __call__(self, X):
        kernel = self.param("kernel", hadamard, (self.n_hadamard,))
        return jnp.dot(X, kernel)


def main():
    key = jax.random.PRNGKey(42)
    X = jax.random.normal(key, (1, 16))
    model = HadamardTransform(16)
    params = jax.jit(model.init)(key, X)
    print(jax.tree_util.tree_map(jnp.shape, params))


if __name__ == "__main__":
    main()
