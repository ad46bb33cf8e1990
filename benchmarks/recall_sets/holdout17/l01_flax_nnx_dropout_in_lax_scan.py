# expect: bug
# source: https://github.com/google/flax/issues/4151
# mistake: an nnx.Module with nnx.Dropout (holding its own Rngs) is called from the body of a plain `jax.lax.scan` that closes over the module; the dropout's RNG counter is NNX state that would have to be mutated from inside the scan trace, so the loop fails with TraceContextError instead of running.
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
    print("eager call works:", model(jnp.ones((1, 10))).shape)

    def scan(carry, x):
        y = model(x)
        return carry, y

    try:
        _, ys = jax.lax.scan(scan, None, jnp.ones((10, 10)))
        print("scan ran:", ys.shape)
    except Exception as e:
        print("jax.lax.scan over the module failed:", type(e).__name__, "-", str(e).split("(")[0])
