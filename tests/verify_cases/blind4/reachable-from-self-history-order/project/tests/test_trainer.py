import jax.numpy as jnp
from mltools.trainer import Trainer


def test_two_epochs():
    xs = jnp.ones((3, 4, 2)) * 0.5
    ys = xs.sum(-1)
    t = Trainer()
    w, l1 = t.fit_epoch(jnp.zeros(2), xs, ys)
    w, l2 = t.fit_epoch(w, xs, ys)
    assert float(l2[-1]) < float(l1[0])
    assert len(t.hist.losses) == 6
