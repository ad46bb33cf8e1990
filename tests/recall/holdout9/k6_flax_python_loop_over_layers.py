# expect: bug
# source: https://github.com/google/flax/pull/3195
# mistake: a deep residual MLP instantiates and applies its identical blocks in a Python for loop over the layer count, so the jitted forward pass contains one copy of the block per layer instead of a single scanned block.
# kind: 6 unrolled-loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        h = nn.LayerNorm()(nn.relu(h))
        return x + h


class MLP(nn.Module):
    features: int = 32
    num_layers: int = 16

    @nn.compact
    def __call__(self, x):
        for _ in range(self.num_layers):
            x = Block(self.features)(x)
        return x


def main():
    model = MLP()
    x = jnp.ones((4, 32))
    params = model.init(jax.random.PRNGKey(0), x)
    forward = jax.jit(model.apply)
    jaxpr = jax.make_jaxpr(forward)(params, x).jaxpr.eqns[0].params["jaxpr"].jaxpr
    n_dot = sum(1 for e in jaxpr.eqns if e.primitive.name == "dot_general")
    print(f"SYMPTOM: forward jaxpr has {len(jaxpr.eqns)} equations and {n_dot} dot_general ops for {model.num_layers} identical blocks")


if __name__ == "__main__":
    main()
