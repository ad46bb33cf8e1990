"""Evaluation metrics for a classifier, returned as an ordered dict of scalars."""
import jax
import jax.numpy as jnp


def metrics(logits, labels):
    pred = jnp.argmax(logits, -1)
    acc = jnp.mean(pred == labels)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], -1))
    return {"loss": nll, "accuracy": acc, "n": labels.shape[0]}


def format_metrics(m):
    return " ".join(f"{k}={float(v):.4f}" for k, v in m.items())
