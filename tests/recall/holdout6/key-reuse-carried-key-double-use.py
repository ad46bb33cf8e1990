# expect: bug
# source: https://github.com/blackjax-devs/blackjax/issues/53
# mistake: Each step of the sampler draws the momentum from `key`, then draws the acceptance variable
#   from split(key)[0] and carries that same key into the next step, where it is used again for the
#   momentum; consecutive steps share random numbers.
# case: key-reuse-carried-key-double-use
# kind: mistake
# rules: SCN209
# jax: symptom RESULT
# note: The issue flagged trajectory expansion in blackjax using rng_key for the integrator and also
#   returning it in the while-loop state to be split again; the reporter's example showed v of one call
#   equal to u of the next. Reproduced as a toy MH-style scan kernel.
import jax
import jax.numpy as jnp


def kernel_step(carry, _):
    key, position = carry
    momentum = jax.random.normal(key, position.shape)
    key, _ = jax.random.split(key)
    u = jax.random.normal(key, ())
    proposal = position + 0.1 * momentum
    accept = u < 0.5
    position = jnp.where(accept, proposal, position)
    return (key, position), (momentum[0], u)


def run_chain(key, position, n_steps):
    (_, final), (moms, us) = jax.lax.scan(kernel_step, (key, position), None, length=n_steps)
    return final, moms, us


def main():
    _, moms, us = jax.jit(run_chain, static_argnums=2)(jax.random.key(0), jnp.zeros(1), 20)
    # the momentum of step t+1 repeats the acceptance draw of step t
    return bool(jnp.all(moms[1:] == us[:-1]))


if __name__ == "__main__":
    RESULT = main()
