# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/293
# mistake: looks like a Python loop over layers inside jit, but the MLP has only three small layers, so unrolling costs nothing noticeable (scan-over-layers was judged not worth it for this case)
# kind: 6 unrolled-loop
import jax
import jax.numpy as jnp


def init_mlp(key, sizes=(3, 32, 32, 1)):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n)))
    return params


@jax.jit
def mlp(params, x):
    *hidden, (w_out, b_out) = params
    for w, b in hidden:
        x = jax.nn.relu(x @ w + b)
    return x @ w_out + b_out


def main():
    params = init_mlp(jax.random.PRNGKey(0))
    y = mlp(params, jnp.ones((5, 3)))
    print(y.shape)
    assert y.shape == (5, 1)


if __name__ == "__main__":
    main()
