import jax
import jax.numpy as jnp
import layers


def test_mlp_shapes():
    params = layers.init_mlp(jax.random.key(0), [3, 8, 2], scale=0.1)
    y = layers.mlp(params, jnp.ones((5, 3)))
    assert y.shape == (5, 2)
    assert bool(jnp.all(jnp.isfinite(y)))


def test_explicit_scale():
    p = layers.init_dense(jax.random.key(1), 50, 50, scale=0.01)
    assert float(jnp.std(p["w"])) < 0.02
    assert p["b"].shape == (50,)
