import jax.numpy as jnp
import numpy as np
from metrics import MetricBank, batch_errors


def test_accumulate_registered():
    bank = MetricBank(2, names=["err", "loss"])
    preds = jnp.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
    bank.add("err", batch_errors(preds, jnp.array([1, 1, 1])))
    bank.add("err", batch_errors(preds, jnp.array([1, 0, 1])))
    bank.add("loss", jnp.array([0.5, 1.5]))
    s = bank.summary()
    np.testing.assert_allclose(s["err"], [1 / 6, 0.5], rtol=1e-6)
    np.testing.assert_allclose(s["loss"], [0.5, 1.5])


def test_mean_of_unused_name_is_zero():
    bank = MetricBank(3, names=["a"])
    np.testing.assert_allclose(bank.mean("a"), np.zeros(3))
