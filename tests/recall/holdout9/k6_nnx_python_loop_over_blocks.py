# expect: bug
# source: https://github.com/google/flax/pull/4289
# mistake: an NNX model keeps a Python list of identical blocks and applies them in a for loop inside nnx.jit, so the compiled forward pass repeats the block once per layer instead of scanning over stacked layers.
# kind: 6 unrolled-loop
import jax
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
        self.blocks = nnx.List([Block(dim, rngs) for _ in range(num_layers)])

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x


@nnx.jit
def forward(model, x):
    return model(x)


def main():
    num_layers = 12
    model = MLP(16, num_layers, nnx.Rngs(0))
    x = jnp.ones((2, 16))
    graphdef, state = nnx.split(model)

    def pure_forward(state, x):
        return nnx.merge(graphdef, state)(x)

    jaxpr = jax.make_jaxpr(pure_forward)(state, x).jaxpr
    n_dot = sum(1 for e in jaxpr.eqns if e.primitive.name == "dot_general")
    print(forward(model, x).shape)
    print(f"SYMPTOM: forward traces to {len(jaxpr.eqns)} equations with {n_dot} dot_general ops for {num_layers} identical blocks")


if __name__ == "__main__":
    main()
