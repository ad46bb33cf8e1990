# expect: bug
# source: https://github.com/google/flax/issues/4153
# mistake: the stacked hidden layers are created with nnx.vmap(axis_size=3) over a single unsplit nnx.Rngs, without nnx.split_rngs, so the rng state is not given a layer axis and creating the stack fails (since flax 0.9 transforms no longer split rngs automatically).
import jax
import jax.numpy as jnp
from flax import nnx


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
    print(y.shape, model.hidden.kernel.value.shape)
    return y


if __name__ == "__main__":
    main()
