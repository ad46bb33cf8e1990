# expect: none
# source: https://github.com/marin-community/haliax/issues/57
# mistake: none; the per-layer special case is selected with jnp.where on the scanned index, not with a Python `if`.
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp


class Block:
    def __call__(self, x, w, layer_idx):
        x = x + jnp.tanh(x @ w)
        perturbed = x + 0.01 * jnp.sin(x * 1e2)
        return jnp.where(layer_idx == 4, perturbed, x)


class Stack:
    def __init__(self, n_layers, dim, key):
        self.block = Block()
        self.weights = 0.1 * jax.random.normal(key, (n_layers, dim, dim))
        self.n_layers = n_layers

    def __call__(self, x):
        def do_block(carry, inputs):
            w, idx = inputs
            return self.block(carry, w, idx), None

        x, _ = jax.lax.scan(do_block, x, (self.weights, jnp.arange(self.n_layers)))
        return x


def main():
    model = Stack(6, 8, jax.random.PRNGKey(0))
    print(jax.jit(model.__call__)(jnp.ones((2, 8))))


if __name__ == "__main__":
    main()
