# expect: bug
# source: https://github.com/google/flax/issues/587
# mistake: create_model is jitted with model_kwargs (a dict) marked static; dicts are unhashable, so the call raises ValueError instead of compiling, and the model-creation step in the training setup loop never runs.
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Transformer(nn.Module):
    vocab_size: int
    emb_dim: int
    num_layers: int
    mlp_dim: int

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab_size, self.emb_dim)(tokens)
        for _ in range(self.num_layers):
            h = nn.Dense(self.mlp_dim)(x)
            x = x + nn.Dense(self.emb_dim)(nn.relu(h))
        return nn.Dense(self.vocab_size)(x)


@functools.partial(jax.jit, static_argnums=(1, 2))
def create_model(key, input_shape, model_kwargs):
    module = Transformer(**model_kwargs)
    return module.init(key, jnp.ones(input_shape, jnp.int32))


def main():
    model_kwargs = {"vocab_size": 64, "emb_dim": 16, "num_layers": 2, "mlp_dim": 32}
    key = jax.random.PRNGKey(0)
    for seed in range(2):
        try:
            variables = create_model(jax.random.fold_in(key, seed), (2, 8), model_kwargs)
            print("created", jax.tree_util.tree_map(jnp.shape, variables))
        except (ValueError, TypeError) as e:
            print(f"{type(e).__name__}: {str(e).splitlines()[0][:200]}")
