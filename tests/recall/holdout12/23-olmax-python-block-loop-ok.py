# expect: none
# source: https://github.com/google/flax/pull/2839
# mistake: None: the repeated blocks are applied with `nn.scan` over a stacked parameter axis, so depth is a scan length and the traced program does not grow with it.
# kind: 6 unrolled python loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResidualMLPBlock(nn.Module):
    dim: int = 32

    @nn.compact
    def __call__(self, x, _):
        h = nn.Dense(4 * self.dim)(x)
        h = nn.gelu(h)
        h = nn.Dense(self.dim)(h)
        x = nn.LayerNorm()(x + h)
        return x, None


class Stack(nn.Module):
    depth: int = 24

    @nn.compact
    def __call__(self, x):
        ScanBlock = nn.scan(ResidualMLPBlock, variable_axes={"params": 0},
                            split_rngs={"params": True}, length=self.depth)
        x, _ = ScanBlock(name="blocks")(x, None)
        return x


def main():
    x = jnp.ones((4, 32))
    model = Stack()
    variables = model.init(jax.random.PRNGKey(0), x)
    y = jax.jit(model.apply)(variables, x)
    assert y.shape == (4, 32)


if __name__ == "__main__":
    main()
