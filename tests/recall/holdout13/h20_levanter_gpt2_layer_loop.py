# expect: bug
# source: https://github.com/marin-community/levanter/issues/105
# mistake: The GPT-2 transformer applies its homogeneous blocks with a Python for loop inside the jitted forward, so every layer is unrolled into the graph and compile cost grows with depth.
# kind: 6 Python loops unrolled under jit
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    d_model: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.Dense(4 * self.d_model)(h)
        h = nn.gelu(h)
        return x + nn.Dense(self.d_model)(h)


class Gpt2Transformer(nn.Module):
    num_layers: int
    d_model: int = 16

    @nn.compact
    def __call__(self, x):
        for i in range(self.num_layers):
            x = Block(self.d_model, name=f"h_{i}")(x)
        return nn.LayerNorm()(x)


def n_eqns(model, x):
    params = jax.eval_shape(model.init, jax.random.key(0), x)
    return len(jax.make_jaxpr(model.apply)(params, x).eqns)


def main():
    x = jnp.ones((2, 8, 16))
    small = n_eqns(Gpt2Transformer(num_layers=2), x)
    big = n_eqns(Gpt2Transformer(num_layers=12), x)
    if big > 3 * small:
        print(f"SYMPTOM: forward jaxpr has {small} equations for 2 layers and {big} for 12")


if __name__ == "__main__":
    main()
