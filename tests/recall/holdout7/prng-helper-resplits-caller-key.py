# expect: bug
# source: https://github.com/jax-ml/jax/pull/181
# mistake: The training loop splits the key, discards one half and passes the other to update(), which itself splits
#   it to draw Monte-Carlo noise; the next iteration splits the same key again, so the key the helper consumed for
#   sampling is reused to drive the following step.
# case: prng-helper-resplits-caller-key
# kind: mistake
# rules: none
# jax: raises Previously-consumed key
# note: From review of the ADVI example: `old, rng = random.split(rng)` with `old` unused while update(t, opt_state,
#   rng) may split rng internally. The reproduction runs the loop under jax.debug_key_reuse(True) so JAX reports the
#   reuse instead of silently correlating the gradient noise.
import jax
import jax.numpy as jnp
from jax import random


def elbo_grad_estimate(params, rng, num_samples=8):
    mean, log_std = params
    eps = random.normal(rng, (num_samples, mean.shape[0]))
    z = mean + jnp.exp(log_std) * eps
    logp = -0.5 * jnp.sum((z - 2.0) ** 2, axis=1)
    return jnp.mean(logp)


def update(t, params, rng, lr=0.05):
    rng, sample_rng = random.split(rng)          # helper splits the caller's key
    g = jax.grad(elbo_grad_estimate)(params, sample_rng)
    return jax.tree.map(lambda p, gp: p + lr * gp, params, g)


def main():
    params = (jnp.zeros(2), jnp.zeros(2))
    rng = random.key(0)
    with jax.debug_key_reuse(True):
        for t in range(5):
            old, rng = random.split(rng)         # 'old' is never used
            params = update(t, params, rng)
    return params


if __name__ == "__main__":
    RESULT = main()
