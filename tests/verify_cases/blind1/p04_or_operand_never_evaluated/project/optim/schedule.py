"""Learning-rate resolution from loosely specified configs."""
import jax.numpy as jnp


def resolve_lr(cfg):
    base = cfg.get("lr") or 1e-3
    scale = cfg.get("lr_scale", 1.0)
    return base * scale


def cosine(step, total, cfg):
    lr = resolve_lr(cfg)
    frac = jnp.clip(step / total, 0.0, 1.0)
    return lr * 0.5 * (1.0 + jnp.cos(jnp.pi * frac))


def linear_warmup(step, warmup, cfg):
    lr = resolve_lr(cfg)
    return lr * jnp.minimum(1.0, (step + 1) / warmup)


def schedule_table(total, cfg):
    steps = jnp.arange(total)
    return cosine(steps, total, cfg)
