# expect: none
# source: https://github.com/google/flax/issues/587
# mistake: model_kwargs is converted to a hashable tuple of items before being passed as a static argument and rebuilt into a dict inside, so create_model compiles once and is reused.
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

TRACES = {"create_model": 0}


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
def create_model(key, input_shape, model_kwargs_items):
    TRACES["create_model"] += 1
    module = Transformer(**dict(model_kwargs_items))
    return module.init(key, jnp.ones(input_shape, jnp.int32))


def main():
    model_kwargs = {"vocab_size": 64, "emb_dim": 16, "num_layers": 2, "mlp_dim": 32}
    key = jax.random.PRNGKey(0)
    for seed in range(2):
        variables = create_model(jax.random.fold_in(key, seed), (2, 8), tuple(sorted(model_kwargs.items())))
    n = sum(x.size for x in jax.tree_util.tree_leaves(variables))
    print(f"created twice, traced {TRACES['create_model']} time(s), {n} parameters")
