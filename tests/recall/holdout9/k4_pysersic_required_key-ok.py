# expect: none
# source: https://github.com/pysersic/pysersic/issues/48
# mistake: none; the key is a required argument and the driver loop splits a fresh subkey for each run.
# kind: 4 prng-reuse
import jax
import jax.numpy as jnp


class FitSersic:
    def __init__(self, data):
        self.data = data

    def estimate_posterior(self, rng_key, num_samples=64):
        loc = jnp.mean(self.data)
        scale = jnp.std(self.data) / jnp.sqrt(self.data.size)
        return loc + scale * jax.random.normal(rng_key, (num_samples,))


def main():
    fitter = FitSersic(jnp.linspace(0.0, 2.0, 50))
    key = jax.random.PRNGKey(3)
    runs = []
    for _ in range(3):
        key, sub = jax.random.split(key)
        runs.append(fitter.estimate_posterior(sub))
    print([float(r.mean()) for r in runs])


if __name__ == "__main__":
    main()
