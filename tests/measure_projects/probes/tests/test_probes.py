import jax
import jax.numpy as jnp
import pytest

from probes_pkg import carry, layers, signature, training


def test_stack_gradient():
    params = layers.parameters(jax.random.key(0))
    x = jnp.ones((layers.BATCH, layers.WIDTH))
    for loss in (layers.stack_loss, layers.checkpointed_loss, layers.chunked_loss):
        grads = jax.jit(jax.grad(loss))(params, x)
        assert grads[0].shape == params[0].shape


def test_small_gradient():
    assert jax.jit(jax.grad(layers.decay_loss))(0.5, jnp.ones(3)).shape == ()


def test_relax_under_x64():
    jax.config.update("jax_enable_x64", True)
    try:
        with pytest.raises(TypeError, match="carry"):
            carry.relax([1.0, 2.0, 3.0])
        assert carry.relax_cast([1.0, 2.0, 3.0]).dtype == jnp.float32
    finally:
        jax.config.update("jax_enable_x64", False)


def test_relax():
    assert carry.relax([1.0, 2.0]).dtype == jnp.float32


def test_training():
    w, x = jnp.ones((4, 4)), jnp.ones((8, 4))
    assert training.train_eager(w, x, 4).shape == (4, 4)
    assert training.train_jitted(w, x, 4).shape == (4, 4)
    assert training.train_jit_in_loop(w, x, 4).shape == (4, 4)
    assert training.Trainer().fit(w, x, 4).shape == (4, 4)
    assert training.per_row(w, x).shape == (8,)


def test_signature():
    path = jnp.cumsum(jax.random.normal(jax.random.key(0), (2049, 3)) * 0.01, axis=0)
    for f in (signature.signature, signature.signature_unrolled):
        s1, s2 = jax.jit(f)(path)
        assert s2.shape == (3, 3)


def test_rollout_gradients():
    from probes_pkg import rollout

    with pytest.raises(ValueError, match="Reverse-mode differentiation"):
        jax.grad(rollout.loss)(jnp.ones(3), 5)
    assert jax.grad(rollout.loss)(jnp.ones(3), 5, rollout.rollout_static).shape == (3,)
