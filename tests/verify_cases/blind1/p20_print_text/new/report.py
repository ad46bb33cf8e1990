"""Epoch summaries for the command-line trainer."""
import jax.numpy as jnp


def epoch_metrics(losses, correct, total):
    return {"loss": jnp.mean(losses), "acc": correct / total}


def format_metrics(m):
    return " ".join(f"{k}={float(v):.4f}" for k, v in sorted(m.items()))


def report(epoch, losses, correct, total, verbose=True):
    m = epoch_metrics(losses, correct, total)
    if verbose:
        print(f"epoch {epoch + 1:3d} | {format_metrics(m)}")
    return m


def best(history, key="loss"):
    vals = jnp.array([float(h[key]) for h in history])
    return int(jnp.argmin(vals))
