"""Input validation in front of a jitted predictor."""
import jax
import jax.numpy as jnp


def check_batch(x, n_features):
    if x.ndim != 2 or x.shape[1] != n_features:
        err = ValueError(f"expected (batch, {n_features}), got {tuple(x.shape)}")
        err.add_note("hint: did you forget to vmap over the batch?")
        raise err


@jax.jit
def predict(w, x):
    return jax.nn.sigmoid(x @ w)


def safe_predict(w, x):
    check_batch(x, w.shape[0])
    return predict(w, x)
