import numpy as np
from traj import trajectory


def test_first_point():
    out = trajectory(0.5, 3)
    assert out.shape == (3,)
    np.testing.assert_allclose(out[0], np.cos(0.5), rtol=1e-6)
