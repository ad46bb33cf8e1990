# expect: bug
# source: https://github.com/google/flax/issues/4195
# mistake: A stochastic NNX model is vmapped over the batch with in_axes=(None, 0), which broadcasts the
#   model's Rngs state; every batch element draws from the same key and gets the same dropout mask.
# case: key-reuse-nnx-vmap-broadcast-rngs
# kind: mistake
# rules: none
# jax: symptom RESULT
# note: The issue asks why nnx.vmap(inference_fn, in_axes=(None, 0))(model, xs) uses one random key
#   across the vectorization; the maintainer points to nnx.split_rngs/StateAxes. Reproduced with a
#   Dropout layer in an ensemble-style evaluation helper.
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyHead(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(6, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        h = self.proj(x)
        return self.drop(jnp.ones_like(h)) * h


def inference_fn(model, x):
    return model(x)


def mc_dropout_predictions(model, xs):
    return nnx.vmap(inference_fn, in_axes=(None, 0))(model, xs)


def main():
    model = NoisyHead(nnx.Rngs(params=0, dropout=1))
    xs = jnp.ones((5, 6))
    preds = mc_dropout_predictions(model, xs)
    masks = preds != 0
    return all(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])


if __name__ == "__main__":
    RESULT = main()
