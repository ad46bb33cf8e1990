# expect: none
# source: https://github.com/google/objax/pull/210
# mistake: (correct) the random key is passed into the jitted training step as an argument and the step returns the next key, so each call of the training loop gets a fresh dropout mask.
import jax
import jax.numpy as jnp


class DropoutMLP:
    def __init__(self, rate=0.5):
        self.rate = rate
        self.w = jnp.ones((8, 8)) * 0.1

    def __call__(self, x, key, training):
        h = x @ self.w
        if training:
            keep = jax.random.bernoulli(key, 1 - self.rate, h.shape)
            h = jnp.where(keep, h / (1 - self.rate), 0.0)
        return h


def main():
    model = DropoutMLP()

    @jax.jit
    def train_op(x, key):
        key, subkey = jax.random.split(key)
        return model(x, subkey, training=True), key

    x = jnp.ones((2, 8))
    key = jax.random.PRNGKey(0)
    masks = []
    for _ in range(4):
        h, key = train_op(x, key)
        masks.append(h != 0)
    same = all(bool(jnp.all(m == masks[0])) for m in masks[1:])
    print("dropout mask identical across 4 training steps:", same)
    return same


if __name__ == "__main__":
    main()
