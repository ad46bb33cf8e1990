# expect: none
# source: https://github.com/jax-ml/jax/pull/1749
# mistake: None: the scan step is wrapped in `jax.checkpoint`, so the backward pass keeps only the per-step carry and recomputes the wide activations.
# kind: 8 memory
import jax
import jax.numpy as jnp
from jax import lax

T, B, D, H = 256, 4, 64, 512


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w_in": jax.random.normal(k1, (D, H)) * 0.05,
            "w_out": jax.random.normal(k2, (H, D)) * 0.05}


def cell(params, h, x):
    z = jnp.tanh((h + x) @ params["w_in"])
    z = jax.nn.gelu(z * 1.5)
    return jnp.tanh(z @ params["w_out"])


def sequence_loss(params, xs):
    @jax.checkpoint
    def step(h, x):
        h = cell(params, h, x)
        return h, None

    h, _ = lax.scan(step, jnp.zeros((B, D)), xs)
    return jnp.sum(h ** 2)


def main():
    params = init(jax.random.PRNGKey(0))
    xs = jnp.ones((T, B, D))
    grads = jax.grad(sequence_loss)(params, xs)
    assert jnp.isfinite(grads["w_in"]).all()


if __name__ == "__main__":
    main()
