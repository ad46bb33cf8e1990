import jax
import jax.numpy as jnp


class Dense:
    def __init__(self, key, din, dout):
        self.w = jax.random.normal(key, (din, dout)) / jnp.sqrt(din)
        self.b = jnp.zeros(dout)

    def __call__(self, x):
        return x @ self.w + self.b


class MLP:
    def __init__(self, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        self.layers = [Dense(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.gelu(layer(x))
        return self.layers[-1](x)
