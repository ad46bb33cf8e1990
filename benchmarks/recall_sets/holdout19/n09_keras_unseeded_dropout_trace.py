# expect: bug
# source: https://github.com/keras-team/keras/issues/18426
# mistake: unseeded keras.random calls draw a fresh integer seed from global Python state at trace time, so inside the jitted train step the dropout seed becomes a compile-time constant and every step of the training loop applies the identical dropout mask.
import numpy as np
import jax
import jax.numpy as jnp


class random:  # stand-in for keras.random on the jax backend
    @staticmethod
    def draw_seed(seed):
        if seed is None:
            seed = np.random.randint(0, 2**31 - 1)  # global state, read at trace time
        return jax.random.PRNGKey(seed)

    @staticmethod
    def dropout(inputs, rate, seed=None):
        key = random.draw_seed(seed)
        keep = jax.random.bernoulli(key, 1.0 - rate, inputs.shape)
        return jnp.where(keep, inputs / (1.0 - rate), 0.0)


class Dropout:
    def __init__(self, rate, seed=None):
        self.rate, self.seed = rate, seed

    def __call__(self, inputs, training=False):
        if not training:
            return inputs
        return random.dropout(inputs, self.rate, seed=self.seed)


class Model:
    def __init__(self):
        self.dropout = Dropout(0.5)

    def stateless_call(self, trainable_variables, x, training=True):
        h = x @ trainable_variables["w"]
        return self.dropout(h, training=training)


def main():
    model = Model()
    params = {"w": jnp.eye(8)}

    @jax.jit
    def train_step(trainable_variables, x):
        out = model.stateless_call(trainable_variables, x, training=True)
        return out != 0

    x = jnp.ones((2, 8))
    masks = [np.asarray(train_step(params, x)) for _ in range(4)]
    same = all((m == masks[0]).all() for m in masks)
    print("dropout mask identical on all 4 training steps:", same)
