import jax.numpy as jnp
import numpy as np
from opt.momentum import OptState, apply_updates


def test_first_step_is_sgd():
    params = {"w": jnp.array([1.0, 2.0]), "b": jnp.array(0.5)}
    grads = {"w": jnp.array([1.0, -1.0]), "b": jnp.array(2.0)}
    state = OptState(params)
    new = apply_updates(params, grads, state)
    np.testing.assert_allclose(new["w"], [0.9, 2.1], rtol=1e-6)
    np.testing.assert_allclose(new["b"], 0.3, rtol=1e-6)
    assert state.step == 1


def test_momentum_accumulates():
    params = {"w": jnp.zeros(2)}
    grads = {"w": jnp.ones(2)}
    state = OptState(params)
    for _ in range(3):
        params = apply_updates(params, grads, state, lr=0.05)
    np.testing.assert_allclose(params["w"], -0.05 * (1 + 1.9 + 2.71) * np.ones(2), rtol=1e-5)
