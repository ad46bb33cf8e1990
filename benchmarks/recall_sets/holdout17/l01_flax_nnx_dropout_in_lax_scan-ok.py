# expect: none
# source: https://github.com/google/flax/issues/4151
# mistake: the loop over inputs uses `nnx.scan` with the module passed as the carry, so NNX threads the Dropout RNG state through the scan; each step draws a fresh dropout mask and the module's RNG count is updated afterwards.
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(10, 256, rngs=rngs)
        self.linear2 = nnx.Linear(256, 10, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def main():
    model = MLP(rngs=nnx.Rngs(0))

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def scan(model, x):
        return model, model(x)

    _, ys = scan(model, jnp.ones((10, 10)))
    print("scan ran:", ys.shape, "| steps 0 and 1 differ (fresh dropout masks):", not bool(jnp.array_equal(ys[0], ys[1])))
