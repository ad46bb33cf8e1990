# expect: none
# source: https://github.com/google/flax/issues/4153
# mistake: (correct) nnx.split_rngs(splits=3) wraps the vmapped constructor, so each of the 3 stacked layers gets its own rng stream and distinct initial weights before they are scanned over.
import jax
import jax.numpy as jnp
from flax import nnx


@nnx.split_rngs(splits=3)
@nnx.vmap(axis_size=3)  # 3 hidden layers
def create_hidden_layers(rngs: nnx.Rngs):
    return nnx.Linear(in_features=4, out_features=4, bias_init=nnx.initializers.ones, rngs=rngs)


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = create_hidden_layers(rngs)

    def __call__(self, x):
        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
        def forward(x, layer):
            return jax.nn.relu(layer(x))

        return forward(x, self.hidden)


def main():
    model = MLP(nnx.Rngs(0))
    y = model(jnp.ones((2, 4)))
    k = model.hidden.kernel.value
    print(y.shape, k.shape, 'layers distinct:', bool(jnp.any(k[0] != k[1])))
    return y


if __name__ == "__main__":
    main()
