"""Two-layer ReLU regressor; the hidden layer can start from zero weights."""
import jax
import jax.numpy as jnp


def hidden(w1, x):
    return jax.nn.relu(x @ w1)


def forward(params, x):
    w1, w2 = params
    return hidden(w1, x) @ w2


def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def init(d_in, width, zero_hidden=True):
    w1 = jnp.zeros((d_in, width)) if zero_hidden else jnp.ones((d_in, width)) / d_in
    return (w1, jnp.ones((width, 1)) / width)
