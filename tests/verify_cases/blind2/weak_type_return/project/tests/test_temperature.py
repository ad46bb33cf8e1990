import jax.numpy as jnp
import numpy as np

from temperature import entropy, temperature, tempered_softmax


def test_schedule():
    assert np.isclose(float(temperature(0)), 1.0)
    assert np.isclose(float(temperature(10)), 0.99 ** 10, rtol=1e-6)
    assert np.isclose(float(temperature(10_000)), 0.05)


def test_annealing_sharpens():
    logits = jnp.array([1.0, 2.0, 3.0])
    early, late = tempered_softmax(logits, 0), tempered_softmax(logits, 300)
    assert float(entropy(late)) < float(entropy(early))
