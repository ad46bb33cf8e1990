# expect: bug
# source: https://github.com/marin-community/haliax/issues/57
# mistake: inside a scan over transformer layers the block tests `if jnp.equal(layer_idx, 4):` on the scanned layer index, which is a tracer.
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp


class Block:
    def __init__(self, dim):
        self.dim = dim

    def __call__(self, x, w, layer_idx):
        x = x + jnp.tanh(x @ w)
        if jnp.equal(layer_idx, 4):
            x = x + 0.01 * jnp.sin(x * 1e2)
        return x


class Stack:
    def __init__(self, n_layers, dim, key):
        self.block = Block(dim)
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
