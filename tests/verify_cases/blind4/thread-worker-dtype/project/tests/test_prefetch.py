import numpy as np
import jax.numpy as jnp
import prefetch


def test_prefetch_and_step():
    batches = [np.ones((4, 3)) * i for i in range(3)]
    items = list(prefetch.Prefetcher(batches))
    assert [x.shape for x in items] == [(4, 3)] * 3
    w = jnp.zeros(3)
    for xb in items:
        w = prefetch.step(w, xb)
    np.testing.assert_allclose(np.asarray(w, dtype=np.float32), 0.03, rtol=1e-3)
