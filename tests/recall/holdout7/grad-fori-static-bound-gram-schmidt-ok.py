# expect: none
# source: https://github.com/tensorflow/tensorflow/issues/62828
# mistake: Looks like differentiating through lax.fori_loop under jit(grad), but the loop bound is the Python int
#   vectors.shape[-1], so fori_loop lowers to a scan and reverse-mode differentiation works.
# case: grad-fori-static-bound-gram-schmidt-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: grad-fori-array-bound-gram-schmidt
# note: The error message in the thread itself points at "fori_loop with static start/stop"; this is that version.
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def gram_schmidt(vectors):
    num_vectors = vectors.shape[-1]                      # plain Python int

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
    return jax.jit(jax.grad(my_function))(matrices)


if __name__ == "__main__":
    RESULT = main()
