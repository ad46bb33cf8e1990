# case: e302-comprehension-over-batch-rows
# source: https://github.com/jax-ml/jax/issues/25703
# kind: mistake
# rules: SCN302
# jax: symptom naive_size > 20 * vmapped_size
# note: the quickstart's "naive batching" written under @jax.jit: a list comprehension
#   `for v in v_batched` iterates the traced batch row by row; the thread compared its
#   runtime to jax.vmap and was told the cost shows up in compile time.

import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(1701)
mat = jax.random.normal(key, (150, 100))
batched_x = jax.random.normal(key, (128, 100))


def apply_matrix(x):
    return jnp.dot(mat, x)


@jax.jit
def naively_batched_apply_matrix(v_batched):
    return jnp.stack([apply_matrix(v) for v in v_batched])


@jax.jit
def vmap_batched_apply_matrix(v_batched):
    return jax.vmap(apply_matrix)(v_batched)


naive_size = len(str(jax.make_jaxpr(naively_batched_apply_matrix)(batched_x)))
vmapped_size = len(str(jax.make_jaxpr(vmap_batched_apply_matrix)(batched_x)))
print(vmap_batched_apply_matrix(batched_x).shape, naive_size, vmapped_size)
