# expect: none
# source: https://github.com/AI-Hypercomputer/maxtext/pull/946
# mistake: (correct) the rng key is moved out of the engine: generate takes the key as an argument and the decode loop splits a fresh subkey for every autoregressive sample, keeping generate a pure function.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class DecodeState(NamedTuple):
    tokens: jax.Array
    step: jax.Array


def sampling(logits, rng, algorithm, temperature=1.0):
    if algorithm == "weighted":
        return jax.random.categorical(rng, logits / temperature)
    return jnp.argmax(logits, axis=-1)


class MaxEngine:
    def __init__(self, vocab_size=32):
        self.vocab_size = vocab_size

    def model_apply(self, params, last_token):
        return params["bias"] + 0.0 * last_token

    @partial(jax.jit, static_argnums=(0,))
    def generate(self, params, decode_state, rng):
        logits = self.model_apply(params, decode_state.tokens[decode_state.step])
        new_token = sampling(logits, rng, "weighted", temperature=1.0)
        tokens = decode_state.tokens.at[decode_state.step + 1].set(new_token)
        return DecodeState(tokens, decode_state.step + 1)


def main():
    engine = MaxEngine()
    params = {"bias": jnp.zeros(engine.vocab_size)}
    state = DecodeState(jnp.zeros(17, jnp.int32), jnp.array(0))
    rng = jax.random.PRNGKey(0)
    for _ in range(16):
        rng, rng_sample = jax.random.split(rng)
        state = engine.generate(params, state, rng_sample)
    generated = state.tokens[1:]
    print("generated tokens:", generated, "distinct:", jnp.unique(generated).size)
    return generated


if __name__ == "__main__":
    main()
