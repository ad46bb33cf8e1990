# expect: none
# source: https://github.com/pyro-ppl/numpyro/pull/878
# mistake: Look-alike: the likelihood loop runs over the static length of the padded data with fori_loop and masks unobserved entries, so the jitted reverse-mode gradient works.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def potential_energy(params, y, mask):
    mu, log_sigma = params

    def body(i, acc):
        lp = jax.scipy.stats.norm.logpdf(y[i], mu, jnp.exp(log_sigma))
        return acc + mask[i] * lp

    loglik = lax.fori_loop(0, y.shape[0], body, 0.0)
    logprior = jax.scipy.stats.norm.logpdf(mu, 0.0, 10.0)
    return -(loglik + logprior)


def main():
    y = jnp.array([0.3, -1.2, 0.8, 2.0, 0.0, 0.0])
    mask = jnp.array([1, 1, 1, 1, 0, 0])
    params = (jnp.asarray(0.0), jnp.asarray(0.0))
    grad_fn = jax.jit(jax.grad(potential_energy))
    grad_fn(params, y, mask)


if __name__ == "__main__":
    main()
