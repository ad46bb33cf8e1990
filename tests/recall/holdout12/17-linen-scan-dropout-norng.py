# expect: bug
# source: https://github.com/google/flax/issues/2194
# mistake: An `nn.scan`-ed RNN cell applies ordinary input dropout but is lifted with `split_rngs={'dropout': False}`, so every time step reuses the same dropout key and the same mask.
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
                           split_rngs={"params": False, "dropout": False},
                           in_axes=0, out_axes=0)
        h0 = jnp.zeros((xs.shape[1], 16))
        return ScanCell(name="cell")(h0, xs)


def main():
    xs = jnp.ones((6, 2, 32))  # (time, batch, features)
    model = Encoder()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    _, masks = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    if bool(jnp.all(masks == masks[0])):
        print(f"SYMPTOM: all {masks.shape[0]} time steps used the identical dropout mask")


if __name__ == "__main__":
    main()
