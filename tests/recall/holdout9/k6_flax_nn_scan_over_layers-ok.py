# expect: none
# source: https://github.com/google/flax/pull/3195
# mistake: none; the identical blocks are stacked with nn.scan (scan over layers), so the forward pass traces the block once.
# kind: 6 unrolled-loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, _):
        h = nn.Dense(self.features)(x)
        h = nn.LayerNorm()(nn.relu(h))
        return x + h, None


class MLP(nn.Module):
    features: int = 32
    num_layers: int = 16

    @nn.compact
    def __call__(self, x):
        ScanBlock = nn.scan(
            Block,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            length=self.num_layers,
        )
        x, _ = ScanBlock(self.features)(x, None)
        return x


def main():
    model = MLP()
    x = jnp.ones((4, 32))
    params = jax.jit(model.init)(jax.random.PRNGKey(0), x)
    y = jax.jit(model.apply)(params, x)
    jaxpr = jax.make_jaxpr(model.apply)(params, x).jaxpr
    print(y.shape, "top-level equations:", len(jaxpr.eqns))


if __name__ == "__main__":
    main()
