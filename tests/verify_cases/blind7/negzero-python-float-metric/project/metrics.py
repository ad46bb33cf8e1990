import jax.numpy as jnp


def nll_metrics(logp_correct):
    ll = float(jnp.sum(logp_correct))
    return {"nll": float(0.0 - ll), "n": int(logp_correct.shape[0])}
