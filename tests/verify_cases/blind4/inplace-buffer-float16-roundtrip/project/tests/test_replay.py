import numpy as np
import jax
import replay


def test_add_wraps():
    buf = replay.make_buffer(8, 3)
    obs = replay.rollout_obs(jax.random.key(0), 5)
    idx = replay.add(buf, 0, obs)
    assert idx == 5
    np.testing.assert_allclose(buf[:5], np.asarray(obs), rtol=1e-2, atol=1e-3)
    idx = replay.add(buf, idx, obs)
    assert idx == 2
