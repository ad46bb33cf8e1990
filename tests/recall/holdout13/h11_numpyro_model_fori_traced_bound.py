# expect: bug
# source: https://github.com/pyro-ppl/numpyro/pull/878
# mistake: The model's log density accumulates the likelihood with lax.fori_loop up to a data-dependent count, so the reverse-mode gradient NUTS needs fails for a loop with a traced bound.
# kind: 3 reverse-mode grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def potential_energy(params, y, mask):
    mu, log_sigma = params
    n_obs = jnp.sum(mask)  # only the observed prefix counts

    def body(i, acc):
        return acc + jax.scipy.stats.norm.logpdf(y[i], mu, jnp.exp(log_sigma))

    loglik = lax.fori_loop(0, n_obs, body, 0.0)
    logprior = jax.scipy.stats.norm.logpdf(mu, 0.0, 10.0)
    return -(loglik + logprior)


def main():
    y = jnp.array([0.3, -1.2, 0.8, 2.0, 0.0, 0.0])
    mask = jnp.array([1, 1, 1, 1, 0, 0])
    params = (jnp.asarray(0.0), jnp.asarray(0.0))
    # the jitted leapfrog step needs the gradient of the potential
    grad_fn = jax.jit(jax.grad(potential_energy))
    grads = grad_fn(params, y, mask)
    print(grads)


if __name__ == "__main__":
    main()
