# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/441
# mistake: The sampler jits a bound method once and then swaps new data onto the instance attribute inside the loop; the attribute was baked into the first trace as a constant, so every later run silently reuses the first dataset.
# kind: 7 side effects in loop bodies
import jax
import jax.numpy as jnp
from jax import lax, random


class GaussianMeanModel:
    def __init__(self, data):
        self.data = data

    def potential(self, mu):
        return 0.5 * jnp.sum((self.data - mu) ** 2)


class Sampler:
    def __init__(self, model, step_size=0.05, num_steps=300):
        self.model = model
        self._grad = jax.jit(jax.grad(model.potential))  # compiled once and reused
        self.step_size = step_size
        self.num_steps = num_steps

    def run(self, mu0):
        mu = mu0
        for _ in range(self.num_steps // 100):
            mu = lax.fori_loop(0, 100, lambda i, m: m - self.step_size * self._grad(m), mu)
        return mu


def main():
    key = random.PRNGKey(0)
    model = GaussianMeanModel(random.normal(key, (20,)) + 1.0)
    sampler = Sampler(model)
    estimates = []
    for true_mean in (1.0, 4.0, -2.0):  # same shapes, new data each round
        key, sub = random.split(key)
        model.data = random.normal(sub, (20,)) + true_mean
        estimates.append(float(sampler.run(jnp.array(0.0))))
    sample_means = float(model.data.mean())
    if max(estimates) - min(estimates) < 0.5:
        print(f"SYMPTOM: estimates {[round(e, 3) for e in estimates]} for datasets centred at 1, 4, -2 "
              f"(last dataset mean {sample_means:.3f}); the jitted gradient kept the first data")


if __name__ == "__main__":
    main()
