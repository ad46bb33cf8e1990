# expect: bug
# source: https://github.com/ayaka14732/llama-2-jax/issues/14
# mistake: The generation loop body prints the positions/tokens/finished state with Python print; under lax.while_loop the body is traced once, so it prints tracer objects a single time instead of values at every step.
import contextlib
import io
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as rand
from operator import getitem


class _GenState(NamedTuple):
    key: jax.Array
    seq: jax.Array
    last_positions: jax.Array
    last_tokens: jax.Array
    finished: jax.Array


class GenConfig(NamedTuple):
    eos_token_id: int
    max_length: int


def _loop_body(logits_table, state, gen_config):
    key, seq, last_positions, last_tokens, finished = state
    eos_token_id, max_length = gen_config
    logits = logits_table[last_tokens]
    current_positions = jnp.where(finished, last_positions, last_positions + 1)
    key, subkey = rand.split(key)
    current_tokens = rand.categorical(subkey, logits)
    current_tokens = jnp.where(finished, last_tokens, current_tokens)
    seq = jax.vmap(lambda x, y, z: x.at[y].set(z))(seq, current_positions, current_tokens)
    finished |= (current_positions == max_length - 1) | (current_tokens == eos_token_id)
    print(current_positions, current_tokens, finished)
    return _GenState(key, seq, current_positions, current_tokens, finished)


def generate(logits_table, seq, *, key, gen_config):
    last_positions = jnp.zeros((seq.shape[0],), jnp.int32)
    last_tokens = jax.vmap(getitem)(seq, last_positions)
    finished = jnp.zeros((seq.shape[0],), bool)
    loop_body = lambda state: _loop_body(logits_table, state, gen_config)
    state = _GenState(key, seq, last_positions, last_tokens, finished)
    state = jax.lax.while_loop(lambda s: ~jnp.all(s.finished), loop_body, state)
    return state.seq


def main():
    vocab = 16
    logits_table = jax.random.normal(rand.key(1), (vocab, vocab))
    seq = jnp.zeros((2, 12), jnp.int32)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        out = generate(logits_table, seq, key=rand.key(0), gen_config=GenConfig(eos_token_id=3, max_length=12))
        out.block_until_ready()
    lines = [l for l in buf.getvalue().splitlines() if l.strip()]
    print(f"body print lines={len(lines)} first={lines[0][:60]!r}")


if __name__ == "__main__":
    main()
