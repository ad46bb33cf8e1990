# expect: bug
# source: https://github.com/google/objax/pull/210
# mistake: the random generator's key lives on a Python object that the jitted training step reads and splits but does not receive as an argument, so the key is baked into the compiled step as a constant and every call of the training loop reuses the same dropout mask.
import jax
import jax.numpy as jnp


class Generator:
    def __init__(self, seed=0):
        self.key = jax.random.PRNGKey(seed)

    def __call__(self):
        self.key, subkey = jax.random.split(self.key)
        return subkey


class DropoutMLP:
    def __init__(self, generator, rate=0.5):
        self.generator = generator
        self.rate = rate
        self.w = jnp.ones((8, 8)) * 0.1

    def __call__(self, x, training):
        h = x @ self.w
        if training:
            keep = jax.random.bernoulli(self.generator(), 1 - self.rate, h.shape)
            h = jnp.where(keep, h / (1 - self.rate), 0.0)
        return h


def main():
    generator = Generator(seed=0)
    model = DropoutMLP(generator)

    @jax.jit
    def train_op(x):
        return model(x, training=True)

    x = jnp.ones((2, 8))
    masks = [train_op(x) != 0 for _ in range(4)]
    same = all(bool(jnp.all(m == masks[0])) for m in masks[1:])
    print("dropout mask identical across 4 training steps:", same)
    return same


if __name__ == "__main__":
    main()
