# expect: bug
# source: https://github.com/AI-Hypercomputer/maxtext/pull/946
# mistake: the inference engine stores one rng key on itself and its jitted generate step passes that same key to weighted (temperature) sampling on every autoregressive decode step, so each step reuses the same randomness instead of drawing a new key per sample.
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
    def __init__(self, vocab_size=32, seed=0):
        self.vocab_size = vocab_size
        self.rng = jax.random.PRNGKey(seed)

    def model_apply(self, params, last_token):
        return params["bias"] + 0.0 * last_token

    @partial(jax.jit, static_argnums=(0,))
    def generate(self, params, decode_state):
        logits = self.model_apply(params, decode_state.tokens[decode_state.step])
        new_token = sampling(logits, self.rng, "weighted", temperature=1.0)
        tokens = decode_state.tokens.at[decode_state.step + 1].set(new_token)
        return DecodeState(tokens, decode_state.step + 1)


def main():
    engine = MaxEngine()
    params = {"bias": jnp.zeros(engine.vocab_size)}
    state = DecodeState(jnp.zeros(17, jnp.int32), jnp.array(0))
    for _ in range(16):
        state = engine.generate(params, state)
    generated = state.tokens[1:]
    print("generated tokens:", generated, "distinct:", jnp.unique(generated).size)
    return generated


if __name__ == "__main__":
    main()
