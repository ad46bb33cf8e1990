# expect: none
# source: https://github.com/Physical-Intelligence/openpi/pull/550
# mistake: None: greedy versus sampled decoding is chosen with `lax.cond` on the traced temperature, so the while_loop step stays traceable.
# kind: 2 traced control flow
import functools

import jax
import jax.numpy as jnp


class TinyDecoder:
    def __init__(self, vocab=11, dim=8, max_tokens=6):
        k = jax.random.PRNGKey(0)
        self.emb = jax.random.normal(k, (vocab, dim)) * 0.3
        self.max_tokens = max_tokens

    def logits(self, tok):
        h = jnp.tanh(self.emb[tok])
        return h @ self.emb.T

    @functools.partial(jax.jit, static_argnums=0)
    def sample_actions(self, rng, first_token, temperature=0.0):
        def step(carry):
            rng, last_logit, out, i, done = carry
            rng, key = jax.random.split(rng)
            tok = jax.lax.cond(
                temperature > 0.0,
                lambda: jax.random.categorical(key, last_logit / jnp.maximum(temperature, 1e-6)),
                lambda: jnp.argmax(last_logit).astype(jnp.int32),
            )
            out = out.at[i].set(tok)
            return rng, self.logits(tok), out, i + 1, tok == 0

        def cond(carry):
            _, _, _, i, done = carry
            return jnp.logical_and(i < self.max_tokens, ~done)

        out = jnp.zeros((self.max_tokens,), jnp.int32)
        init = (rng, self.logits(first_token), out, 0, jnp.array(False))
        return jax.lax.while_loop(cond, step, init)[2]


def main():
    model = TinyDecoder()
    sample_kwargs = {"temperature": 0.7}
    tokens = model.sample_actions(jax.random.PRNGKey(1), jnp.int32(3), **sample_kwargs)
    assert tokens.shape == (6,)


if __name__ == "__main__":
    main()
