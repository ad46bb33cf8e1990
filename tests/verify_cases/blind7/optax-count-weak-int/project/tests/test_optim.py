import jax.numpy as jnp
from optim import init, update

def test_two_updates():
    p = {"w": jnp.ones(2)}
    s = init(p)
    u, s = update(p, s)
    u, s = update(p, s)
    assert int(s.count) == 2 and u["w"].tolist() == [1.899999976158142, 1.899999976158142]
