import jax.numpy as jnp
import sampler


def test_sample_shape():
    s = sampler.NoiseSampler(0, (3, 2))
    assert s.sample().shape == (3, 2)


def test_sample_scale():
    s = sampler.NoiseSampler(1, (2000,), scale=0.1)
    x = s.sample()
    assert 0.08 < float(jnp.std(x)) < 0.12
