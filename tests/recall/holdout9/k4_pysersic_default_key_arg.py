# expect: bug
# source: https://github.com/pysersic/pysersic/issues/48
# mistake: the sampling method has a default rng_key=PRNGKey(3) evaluated once at definition time, so a loop of "independent" runs that relies on the default gets identical samples every time.
# kind: 4 prng-reuse
import jax
import jax.numpy as jnp


class FitSersic:
    def __init__(self, data):
        self.data = data

    def estimate_posterior(self, num_samples=64, rng_key=jax.random.PRNGKey(3)):
        loc = jnp.mean(self.data)
        scale = jnp.std(self.data) / jnp.sqrt(self.data.size)
        return loc + scale * jax.random.normal(rng_key, (num_samples,))


def main():
    data = jnp.linspace(0.0, 2.0, 50)
    fitter = FitSersic(data)
    runs = [fitter.estimate_posterior() for _ in range(3)]
    same = all(bool(jnp.array_equal(r, runs[0])) for r in runs[1:])
    print(f"SYMPTOM: {len(runs)} repeated posterior runs returned identical samples: {same}")


if __name__ == "__main__":
    main()
