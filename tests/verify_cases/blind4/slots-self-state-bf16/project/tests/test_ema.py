import jax.numpy as jnp
import numpy as np
import ema


def test_first_update_is_debiased():
    e = ema.EMA(0.9)
    out = e.update(jnp.full(3, 0.3))
    np.testing.assert_allclose(out, 0.3, rtol=1e-5)
    assert e.count == 1
    np.testing.assert_allclose(np.asarray(e.value, dtype=np.float32), 0.03, rtol=1e-2)
