import jax.numpy as jnp
import numpy as np
from trainer.warmup import lr_at, sgd_update, run


def quad_grad(p):
    return {"w": 2.0 * p["w"]}


def test_constant_lr():
    assert lr_at(0, 0.5) == 0.5
    assert lr_at(100, 0.5, warmup=0) == 0.5


def test_update():
    p = {"w": jnp.array([1.0, -2.0])}
    out = sgd_update(p, {"w": jnp.array([1.0, 1.0])}, 3, base=0.1)
    np.testing.assert_allclose(out["w"], [0.9, -2.1], rtol=1e-6)


def test_run_converges():
    p = run({"w": jnp.array([4.0])}, quad_grad, 50, base=0.1)
    assert abs(float(p["w"][0])) < 1e-3
