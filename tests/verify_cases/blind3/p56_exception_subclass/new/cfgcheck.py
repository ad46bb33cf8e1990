import jax.numpy as jnp
from jax import lax


class ConfigError(ValueError):
    pass


def validate(cfg):
    if cfg["dt"] <= 0:
        raise ConfigError(f"dt must be positive, got {cfg['dt']}")
    return cfg


def run(x, cfg):
    cfg = validate(cfg)
    return lax.fori_loop(0, cfg["n"], lambda i, v: v - cfg["dt"] * v, x)
