# expect: bug
# source: https://github.com/tensorflow/tensorflow/issues/62828
# mistake: A Gram-Schmidt helper takes its fori_loop bound from an array-valued shape (jnp.asarray(shape[-1])); under
#   jit(grad(...)) that bound is a tracer, fori_loop lowers to a while_loop, and reverse-mode differentiation fails.
# case: grad-fori-array-bound-gram-schmidt
# kind: mistake
# rules: none
# jax: raises Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
# note: The thread hit this through tfp.math.gram_schmidt on the JAX substrate, whose loop bound comes from a
#   tensor-valued shape; the reproduction writes a small Gram-Schmidt with the same array-valued bound and takes
#   jit(grad) of a norm of its output.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def gram_schmidt(vectors):
    """Orthonormalise the columns of `vectors` ([..., n, m])."""
    num_vectors = jnp.asarray(vectors.shape[-1])       # array-valued, like a tensor shape

    def body_fn(i, vecs):
        v = vecs[..., i]
        mask = (jnp.arange(vecs.shape[-1]) < i).astype(vecs.dtype)
        proj = jnp.einsum("...nm,...n->...m", vecs, v) * mask
        v = v - jnp.einsum("...nm,...m->...n", vecs, proj)
        v = v / jnp.linalg.norm(v, axis=-1, keepdims=True)
        return vecs.at[..., i].set(v)

    vectors = vectors.at[..., 0].set(vectors[..., 0] / jnp.linalg.norm(vectors[..., 0], axis=-1, keepdims=True))
    return lax.fori_loop(1, num_vectors, body_fn, vectors)


def my_function(matrices):
    q = gram_schmidt(matrices)
    return jnp.linalg.norm(q @ jnp.ones(q.shape[-1]))


def main():
    matrices = jnp.asarray(np.random.default_rng(0).random((5, 5, 4, 4)), jnp.float32)
    my_function(matrices)                               # forward pass runs fine
    return jax.jit(jax.grad(my_function))(matrices)


if __name__ == "__main__":
    RESULT = main()
