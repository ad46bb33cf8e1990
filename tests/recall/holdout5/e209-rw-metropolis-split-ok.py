# case: e209-rw-metropolis-split-ok
# source: https://github.com/rlouf/blog-benchmark-rwmetropolis/pull/1
# kind: lookalike
# rules: SCN209
# pair: e209-rw-metropolis-key-in-carry
# jax: symptom bool(jnp.all(steps[0] == steps[1]))
# note: the fix from the PR: the kernel splits the carried key into a new carry key and two
#   subkeys every step before drawing the proposal and the acceptance uniform.

import jax
import jax.numpy as jnp


def logpdf(x):
    return -0.5 * jnp.sum(x**2) + jnp.log(1.0 + 0.5 * jnp.sin(x).sum() ** 2)


def rw_metropolis_kernel(carry, _):
    key, position, log_prob = carry
    key, move_key, accept_key = jax.random.split(key, 3)
    move = 0.5 * jax.random.normal(move_key, position.shape)
    proposal = position + move
    proposal_log_prob = logpdf(proposal)
    log_uniform = jnp.log(jax.random.uniform(accept_key))
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
