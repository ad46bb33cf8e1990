# expect: none
# source: https://github.com/google/flax/issues/2194
# mistake: None: the scan splits the 'dropout' stream (`split_rngs={'dropout': True}`), so each time step draws its own input dropout mask.
# kind: 4 PRNG reuse
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutCell(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, h, x):
        x = nn.Dropout(rate=0.5, deterministic=False)(x)
        h = jnp.tanh(nn.Dense(self.features)(x) + h)
        mask = (x != 0).astype(jnp.float32)
        return h, mask


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, xs):
        ScanCell = nn.scan(DropoutCell, variable_broadcast="params",
                           split_rngs={"params": False, "dropout": True},
                           in_axes=0, out_axes=0)
        h0 = jnp.zeros((xs.shape[1], 16))
        return ScanCell(name="cell")(h0, xs)


def main():
    xs = jnp.ones((6, 2, 32))
    model = Encoder()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    _, masks = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    assert not bool(jnp.all(masks == masks[0]))


if __name__ == "__main__":
    main()
