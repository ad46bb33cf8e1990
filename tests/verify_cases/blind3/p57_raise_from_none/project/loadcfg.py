import jax.numpy as jnp
from jax import lax


def load_cfg(d):
    try:
        dt = float(d["dt"])
    except KeyError as e:
        raise ValueError("config needs 'dt'") from e
    return {"dt": dt, "n": int(d.get("n", 10))}


def simulate(x, d):
    cfg = load_cfg(d)
    return lax.fori_loop(0, cfg["n"], lambda i, v: v * (1.0 - cfg["dt"]), x)
