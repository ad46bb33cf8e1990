import jax
import jax.numpy as jnp
import numpy as np
from optfactory import SGDConfig, make_sgd, train


def grad(p):
    return jax.tree_util.tree_map(lambda x: 2.0 * x, p)


def test_single_step():
    init, step = make_sgd(SGDConfig(lr=0.1))
    p = {"w": jnp.array([1.0, -1.0])}
    new, st = step(p, grad(p), init(p))
    np.testing.assert_allclose(new["w"], [0.8, -0.8], rtol=1e-6)
    assert int(st["t"]) == 1


def test_jitted_step_decay():
    init, step = make_sgd(SGDConfig(lr=0.5, decay=1.0))
    p = {"w": jnp.array([2.0])}
    s = init(p)
    jstep = jax.jit(step)
    p, s = jstep(p, {"w": jnp.array([1.0])}, s)
    p, s = jstep(p, {"w": jnp.array([1.0])}, s)
    np.testing.assert_allclose(p["w"], [2.0 - 0.5 - 0.25], rtol=1e-6)


def test_train():
    p, s = train(SGDConfig(0.1, 0.01), {"w": jnp.ones(3)}, grad, 30)
    assert int(s["t"]) == 30 and float(jnp.max(jnp.abs(p["w"]))) < 0.01
