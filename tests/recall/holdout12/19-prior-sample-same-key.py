# expect: bug
# source: https://github.com/rlouf/mcx/issues/90
# mistake: The generated prior sampler passes the same `rng_key` to every `sample()` site in its loop over variables, so independent latent variables receive identical standard-normal draws.
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
        draws[name] = dist.sample(rng_key, (num_samples,))
    return draws


def main():
    draws = sample_prior(random.PRNGKey(0))
    corr = jnp.corrcoef(draws["mu"], draws["tau"])[0, 1]
    if corr > 0.99:
        print(f"SYMPTOM: prior draws of independent 'mu' and 'tau' have correlation {float(corr):.3f}")


if __name__ == "__main__":
    main()
