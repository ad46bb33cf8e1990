import jax.numpy as jnp
import numpy as np
from featcache import Featurizer, featurize_all


def test_featurize():
    f = Featurizer(2, scale=0.5)
    out = f.featurize(jnp.array([0.0, 2.0]))
    z = np.tanh(1.0)
    np.testing.assert_allclose(out, [0.0, z, 0.0, z * z, 0.0, z ** 3], rtol=1e-6)
    assert f.calls == 1 and out.shape == (f.out_dim(),)


def test_featurize_all():
    f = Featurizer(3)
    out = featurize_all(f, [jnp.ones(3), -jnp.ones(3)])
    assert out.shape == (2, 9) and f.calls == 2
