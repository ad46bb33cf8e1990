import jax.numpy as jnp
import numpy as np
from report import report, best


def test_report_values():
    m = report(0, jnp.array([1.0, 3.0]), 7, 10)
    np.testing.assert_allclose(m["loss"], 2.0)
    np.testing.assert_allclose(m["acc"], 0.7)


def test_best():
    hist = [report(e, jnp.array([l]), 1, 2) for e, l in enumerate([3.0, 1.0, 2.0])]
    assert best(hist) == 1
