import os
import numpy as np
import jax
import jax.numpy as jnp
import ckpt


def test_checkpoints_written(tmp_path, monkeypatch):
    monkeypatch.setattr(ckpt, "CKPT_DIR", str(tmp_path))
    w = ckpt.train(jnp.zeros(2), jnp.ones((3, 2)))
    jax.effects_barrier()
    assert sorted(os.listdir(tmp_path)) == ["w_000.npy", "w_001.npy", "w_002.npy"]
    np.testing.assert_allclose(np.load(tmp_path / "w_002.npy"), np.asarray(w), rtol=1e-6)
