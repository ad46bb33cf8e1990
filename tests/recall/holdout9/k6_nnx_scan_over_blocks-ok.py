# expect: none
# source: https://github.com/google/flax/pull/4289
# mistake: none; the blocks are created with nnx.vmap into stacked parameters and applied with nnx.scan, so the forward pass traces one block.
# kind: 6 unrolled-loop
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, x):
        return x + self.norm(nnx.gelu(self.linear(x)))


class MLP(nnx.Module):
    def __init__(self, dim, num_layers, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=num_layers)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def create_block(rngs: nnx.Rngs):
            return Block(dim, rngs)

        self.blocks = create_block(rngs)

    def __call__(self, x):
        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
        def apply_block(x, block):
            return block(x)

        return apply_block(x, self.blocks)


@nnx.jit
def forward(model, x):
    return model(x)


def main():
    model = MLP(8, 4, nnx.Rngs(0))
    y = forward(model, jnp.ones((2, 8)))
    print(y.shape, float(y.mean()))


if __name__ == "__main__":
    main()
