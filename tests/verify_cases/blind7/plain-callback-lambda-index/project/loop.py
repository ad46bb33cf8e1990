import jax.numpy as jnp


def evaluate_every(losses_fn, n_epochs, callback):
    history = []
    for epoch in range(n_epochs):
        loss = float(losses_fn(epoch))
        history.append(loss)
        callback(epoch, loss)
    return history
