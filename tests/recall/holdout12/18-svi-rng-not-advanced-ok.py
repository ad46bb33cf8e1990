# expect: none
# source: https://github.com/pyro-ppl/numpyro/pull/5
# mistake: None: every SVI update splits its key, uses the subkey for this step's noise and hands the other key to the next step.
# kind: 4 PRNG reuse
import jax
import jax.numpy as np
from jax import random


def elbo_loss(params, rng, data):
    loc, log_scale = params
    eps = random.normal(rng, (8,))
    z = loc + np.exp(log_scale) * eps
    log_lik = -0.5 * np.sum((data[:, None] - z[None, :]) ** 2, axis=0)
    return -(np.mean(log_lik) + np.sum(log_scale)), eps


class SVI:
    def __init__(self, lr=1e-2):
        self.lr = lr
        self.noise_log = []

    def update(self, i, params, rng, data):
        rng, rng_step = random.split(rng)
        (loss, eps), grads = jax.value_and_grad(elbo_loss, has_aux=True)(params, rng_step, data)
        self.noise_log.append(eps)
        params = tuple(p - self.lr * g for p, g in zip(params, grads))
        return loss, params, rng


def main():
    data = np.array([0.3, 1.2, -0.4, 0.8])
    svi = SVI()
    params = (np.array(0.0), np.array(0.0))
    rng = random.PRNGKey(0)
    for i in range(5):
        loss, params, rng = svi.update(i, params, rng, data)
    noise = np.stack(svi.noise_log)
    assert not bool(np.all(noise[1] == noise[0]))


if __name__ == "__main__":
    main()
