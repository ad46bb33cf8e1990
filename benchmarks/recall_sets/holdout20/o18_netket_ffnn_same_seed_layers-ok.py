# expect: none
# source: https://github.com/netket/netket/issues/241
# mistake: none; the key built from `seed` is split into one subkey per layer before the loop, so every layer gets independent initial weights.
import jax
import jax.numpy as jnp


class FullyConnected:
    def __init__(self, input_size, output_size, use_bias=True):
        self.input_size, self.output_size, self.use_bias = input_size, output_size, use_bias
        self.params = None

    def init_random_parameters(self, key, sigma=0.1):
        kw, kb = jax.random.split(key)
        w = sigma * jax.random.normal(kw, (self.input_size, self.output_size))
        b = sigma * jax.random.normal(kb, (self.output_size,)) if self.use_bias else None
        self.params = (w, b)

    def flat(self):
        return jnp.concatenate([p.ravel() for p in self.params if p is not None])


class Relu:
    def __init__(self, input_size):
        self.params = None

    def init_random_parameters(self, key, sigma=0.1):
        pass


class FFNN:
    def __init__(self, layers):
        self.layers = layers

    def init_random_parameters(self, seed=1234, sigma=0.1):
        keys = jax.random.split(jax.random.PRNGKey(seed), len(self.layers))
        for layer, key in zip(self.layers, keys):
            layer.init_random_parameters(key, sigma)

    @property
    def parameters(self):
        return jnp.concatenate([l.flat() for l in self.layers if l.params is not None])


def main():
    layers = (
        FullyConnected(input_size=5, output_size=5, use_bias=True),
        Relu(input_size=5),
        FullyConnected(input_size=5, output_size=5, use_bias=True),
    )
    m = FFNN(layers)
    for seed in (13579, 24680):
        m.init_random_parameters(seed=seed)
        p = m.parameters
        print(f"seed={seed}: first layer params == second layer params: {bool((p[:30] == p[30:]).all())}")


if __name__ == "__main__":
    main()
