# expect: bug
# source: https://github.com/jax-ml/jax/issues/5100
# mistake: the number of subsampled rows is drawn with jax.random.poisson inside the jitted function and then used as an array shape (rand_shape.sum()), so tracing fails: shapes must be concrete, and each minibatch iteration of the loop raises instead of sampling.
import jax
import jax.numpy as jnp


@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    rand_shape = jax.random.poisson(shape_key, 1, (2,))
    sub_indices = jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)
    subsamples = data[sub_indices, :]
    return subsamples


def main():
    data = jnp.arange(10 * 5).reshape((10, 5)).astype(jnp.float32)
    rng_key = jax.random.PRNGKey(0)
    for it in range(3):
        rng_key, k = jax.random.split(rng_key)
        try:
            out = f(data, k)
            print("iteration", it, out.shape)
        except TypeError as e:
            print(f"iteration {it}: TypeError: {str(e).splitlines()[0][:150]}")
