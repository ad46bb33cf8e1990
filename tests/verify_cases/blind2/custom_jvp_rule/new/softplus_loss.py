"""Logistic loss written with a numerically safe softplus that has its own JVP."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus(x), jax.nn.sigmoid(-x) * t


def logistic_loss(scores, labels):
    return jnp.mean(softplus(-labels * scores))


def predict(w, x):
    return x @ w


def risk(w, x, labels):
    return logistic_loss(predict(w, x), labels)
