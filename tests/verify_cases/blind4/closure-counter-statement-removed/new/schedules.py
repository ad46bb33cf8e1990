"""Learning-rate schedules."""
import jax
import jax.numpy as jnp


def make_warmup_cosine(peak, warmup, total):
    calls = 0

    def lr(step):
        nonlocal calls
        warm = peak * step / warmup
        cos = 0.5 * peak * (1 + jnp.cos(jnp.pi * (step - warmup) / (total - warmup)))
        return jnp.where(step < warmup, warm, cos)

    def n_calls():
        return calls

    lr.n_calls = n_calls
    return lr
