import jax
from agent import init

def test_init_default():
    s = init(4)
    assert s.params.shape == (4,)

def test_init_given():
    s = init(3, jax.random.key(1))
    assert int(s.step) == 0
