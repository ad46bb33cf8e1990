# expect: none
# source: https://github.com/keras-team/keras/issues/18426
# mistake: the dropout RNG lives in a SeedGenerator state that is a non-trainable variable passed into and returned from the jitted stateless train step, so each step of the loop advances the seed and draws a new mask.
import numpy as np
import jax
import jax.numpy as jnp


class SeedGenerator:
    def __init__(self, seed=0):
        self.state = jax.random.PRNGKey(seed)

    @staticmethod
    def next(state):
        new_state, key = jax.random.split(state)
        return key, new_state


class Dropout:
    def __init__(self, rate, seed=0):
        self.rate = rate
        self.seed_generator = SeedGenerator(seed)

    def __call__(self, inputs, seed_state, training=False):
        if not training:
            return inputs, seed_state
        key, seed_state = SeedGenerator.next(seed_state)
        keep = jax.random.bernoulli(key, 1.0 - self.rate, inputs.shape)
        return jnp.where(keep, inputs / (1.0 - self.rate), 0.0), seed_state


class Model:
    def __init__(self):
        self.dropout = Dropout(0.5)

    def stateless_call(self, trainable_variables, non_trainable_variables, x, training=True):
        h = x @ trainable_variables["w"]
        out, seed_state = self.dropout(h, non_trainable_variables["seed"], training=training)
        return out, {"seed": seed_state}


def main():
    model = Model()
    params = {"w": jnp.eye(8)}
    non_trainable = {"seed": model.dropout.seed_generator.state}

    @jax.jit
    def train_step(trainable_variables, non_trainable_variables, x):
        out, non_trainable_variables = model.stateless_call(trainable_variables, non_trainable_variables, x)
        return out != 0, non_trainable_variables

    x = jnp.ones((2, 8))
    masks = []
    for _ in range(4):
        mask, non_trainable = train_step(params, non_trainable, x)
        masks.append(np.asarray(mask))
    same = all((m == masks[0]).all() for m in masks)
    print("dropout mask identical on all 4 training steps:", same)
