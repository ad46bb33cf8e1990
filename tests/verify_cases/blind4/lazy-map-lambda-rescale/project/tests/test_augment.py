import jax
import jax.numpy as jnp
import augment


def test_range():
    imgs = [jnp.full((2, 3), 255, dtype=jnp.uint8)] * 3
    out = list(augment.augment_all(imgs, jax.random.key(0)))
    assert len(out) == 3
    assert all(0.99 <= float(o.min()) and float(o.max()) <= 1.0 for o in out)
