# case: e209-rw-metropolis-key-in-carry
# source: https://github.com/rlouf/blog-benchmark-rwmetropolis/pull/1
# kind: mistake
# rules: SCN209
# jax: symptom bool(jnp.all(steps[0] == steps[1]))
# note: random-walk Metropolis where the PRNG key sits in the scan carry and is returned
#   unchanged, so every step draws the same proposal noise and acceptance uniform; the
#   blog's version looped in Python over a jitted kernel that reused the same key.

import jax
import jax.numpy as jnp


def logpdf(x):
    return -0.5 * jnp.sum(x**2) + jnp.log(1.0 + 0.5 * jnp.sin(x).sum() ** 2)


def rw_metropolis_kernel(carry, _):
    key, position, log_prob = carry
    move = 0.5 * jax.random.normal(key, position.shape)
    proposal = position + move
    proposal_log_prob = logpdf(proposal)
    log_uniform = jnp.log(jax.random.uniform(key))
    accept = log_uniform < proposal_log_prob - log_prob
    position = jnp.where(accept, proposal, position)
    log_prob = jnp.where(accept, proposal_log_prob, log_prob)
    return (key, position, log_prob), move


@jax.jit
def rw_metropolis_sampler(key, initial_position):
    init = (key, initial_position, logpdf(initial_position))
    _, steps = jax.lax.scan(rw_metropolis_kernel, init, None, length=500)
    return steps


steps = rw_metropolis_sampler(jax.random.PRNGKey(0), jnp.zeros(4))
print(steps[:3])
