# expect: none
# source: https://github.com/rlouf/mcx/issues/90
# mistake: None: the sampler splits the key before each `sample()` site, so every latent variable gets its own subkey.
# kind: 4 PRNG reuse
import jax.numpy as jnp
from jax import random


class Normal:
    def __init__(self, loc, scale):
        self.loc, self.scale = loc, scale

    def sample(self, rng_key, shape=()):
        return self.loc + self.scale * random.normal(rng_key, shape)


MODEL = {
    "mu": Normal(0.0, 1.0),
    "tau": Normal(0.0, 1.0),
    "theta": Normal(0.0, 1.0),
}


def sample_prior(rng_key, num_samples=1000):
    draws = {}
    for name, dist in MODEL.items():
        rng_key, sample_key = random.split(rng_key)
        draws[name] = dist.sample(sample_key, (num_samples,))
    return draws


def main():
    draws = sample_prior(random.PRNGKey(0))
    corr = jnp.corrcoef(draws["mu"], draws["tau"])[0, 1]
    assert abs(float(corr)) < 0.2


if __name__ == "__main__":
    main()
