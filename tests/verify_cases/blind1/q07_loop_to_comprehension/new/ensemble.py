"""Ensembles of linear-tanh members."""
import jax.numpy as jnp


def ensemble_predict(ws, x):
    return jnp.stack([jnp.tanh(x @ w) for w in ws])


def vote(ws, x, threshold=0.0):
    preds = ensemble_predict(ws, x)
    return jnp.mean((preds > threshold).astype(jnp.float32), axis=0)


def disagreement(ws, x):
    preds = ensemble_predict(ws, x)
    return jnp.mean(jnp.var(preds, axis=0))


def member_norms(ws):
    return jnp.stack([jnp.linalg.norm(w) for w in ws])
