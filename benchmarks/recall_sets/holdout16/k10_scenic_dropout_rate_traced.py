# expect: bug
# source: https://github.com/google-research/scenic/issues/709
# mistake: the dropout rate from the config is passed into the jitted _initialize_model as an ordinary (traced) argument, so inside the encoder's layer loop flax's Dropout evaluates `if self.rate == 0.` on a tracer and initialisation fails with TracerBoolConversionError.
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class EncoderBlock(nn.Module):
    mlp_dim: int
    dropout_rate: float

    @nn.compact
    def __call__(self, x, *, deterministic):
        y = nn.LayerNorm()(x)
        y = nn.Dense(self.mlp_dim)(y)
        y = nn.gelu(y)
        y = nn.Dropout(rate=self.dropout_rate)(y, deterministic=deterministic)
        return x + nn.Dense(x.shape[-1])(y)


class MTVEncoder(nn.Module):
    num_layers: int
    mlp_dim: int
    dropout_rate: float

    @nn.compact
    def __call__(self, x, *, train):
        for lyr in range(self.num_layers):
            x = EncoderBlock(self.mlp_dim, self.dropout_rate, name=f"encoderblock_{lyr}")(
                x, deterministic=not train)
        return x


@functools.partial(jax.jit, static_argnums=(1, 2))
def _initialize_model(rngs, input_shape, num_layers, dropout_rate):
    model = MTVEncoder(num_layers=num_layers, mlp_dim=32, dropout_rate=dropout_rate)
    return model.init(rngs, jnp.ones(input_shape), train=False)


def initialize_model(config, rng):
    rngs = {"params": rng, "dropout": jax.random.fold_in(rng, 1)}
    return _initialize_model(rngs, (2, 8, 16), config["num_layers"], config["dropout_rate"])


def main():
    config = {"num_layers": 3, "dropout_rate": 0.1}
    try:
        variables = initialize_model(config, jax.random.PRNGKey(0))
        print("initialised", len(jax.tree_util.tree_leaves(variables)), "leaves")
    except jax.errors.ConcretizationTypeError as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:160])
