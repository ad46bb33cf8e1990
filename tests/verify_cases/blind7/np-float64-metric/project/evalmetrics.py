import jax.numpy as jnp
import numpy as np


def accuracy(logits, labels):
    return {"acc": float(jnp.mean(jnp.argmax(logits, -1) == labels))}
