# expect: none
# source: https://github.com/marin-community/levanter/issues/105
# mistake: Look-alike: the homogeneous blocks are stacked with nn.scan over a layer axis ("scan over layers"), so the forward graph holds one block regardless of depth.
# kind: 6 Python loops unrolled under jit
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    d_model: int = 16

    @nn.compact
    def __call__(self, x, _):
        h = nn.LayerNorm()(x)
        h = nn.Dense(4 * self.d_model)(h)
        h = nn.gelu(h)
        return x + nn.Dense(self.d_model)(h), None


class Gpt2Transformer(nn.Module):
    num_layers: int
    d_model: int = 16

    @nn.compact
    def __call__(self, x):
        Stacked = nn.scan(Block, variable_axes={"params": 0}, split_rngs={"params": True},
                          length=self.num_layers)
        x, _ = Stacked(self.d_model, name="blocks")(x, None)
        return nn.LayerNorm()(x)


def n_eqns(model, x):
    params = jax.eval_shape(model.init, jax.random.key(0), x)
    return len(jax.make_jaxpr(model.apply)(params, x).eqns)


def main():
    x = jnp.ones((2, 8, 16))
    small = n_eqns(Gpt2Transformer(num_layers=2), x)
    big = n_eqns(Gpt2Transformer(num_layers=12), x)
    assert big <= 3 * small, (small, big)


if __name__ == "__main__":
    main()
