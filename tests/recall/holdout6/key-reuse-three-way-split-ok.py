# expect: none
# source: https://github.com/blackjax-devs/blackjax/issues/53
# mistake: Looks like the same scan kernel carrying a key and drawing twice per step, but the key is
#   split three ways each step: one subkey per draw and a fresh key carried forward, so no stream is
#   reused.
# case: key-reuse-three-way-split-ok
# kind: lookalike
# rules: SCN209
# jax: symptom RESULT
# pair: key-reuse-carried-key-double-use
# note: The split-before-use discipline discussed in the issue applied to the same toy kernel.
import jax
import jax.numpy as jnp


def kernel_step(carry, _):
    key, position = carry
    key, momentum_key, accept_key = jax.random.split(key, 3)
    momentum = jax.random.normal(momentum_key, position.shape)
    u = jax.random.normal(accept_key, ())
    proposal = position + 0.1 * momentum
    accept = u < 0.5
    position = jnp.where(accept, proposal, position)
    return (key, position), (momentum[0], u)


def run_chain(key, position, n_steps):
    (_, final), (moms, us) = jax.lax.scan(kernel_step, (key, position), None, length=n_steps)
    return final, moms, us


def main():
    _, moms, us = jax.jit(run_chain, static_argnums=2)(jax.random.key(0), jnp.zeros(1), 20)
    return bool(jnp.all(moms[1:] == us[:-1]))


if __name__ == "__main__":
    RESULT = main()
