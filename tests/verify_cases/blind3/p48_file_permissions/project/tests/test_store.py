import numpy as np
import jax.numpy as jnp
from store import save_state


def test_save(tmp_path):
    p = str(tmp_path / "state.npy")
    save_state(p, jnp.ones(2), 1)
    np.testing.assert_array_equal(np.load(p), [0.5, 0.5])
