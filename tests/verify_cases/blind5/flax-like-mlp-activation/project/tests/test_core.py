import jax
import jax.numpy as jnp
from pkg.core import MLP


def test_mlp_shape():
    net = MLP(jax.random.PRNGKey(0), [3, 8, 2])
    out = net(jnp.ones((5, 3)))
    assert out.shape == (5, 2)
