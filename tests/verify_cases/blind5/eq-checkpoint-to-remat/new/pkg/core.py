import jax
import jax.numpy as jnp


def block(w, x):
    return jnp.tanh(x @ w)


def forward(w, x):
    f = jax.remat(block)
    return jnp.sum(f(w, f(w, x)))
