"""Warmup / constant / cosine learning-rate schedule, evaluated per step."""
import math


def lr_at(step, base=1e-3, warmup=100, total=300, final_frac=0.1):
    if step < warmup:
        return base * (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    if progress < 0.5:
        return base
    t = (progress - 0.5) / 0.5
    return base * (final_frac + (1 - final_frac) * 0.5 * (1 + math.cos(math.pi * t)))


def schedule(total=300, **kw):
    return [lr_at(s, total=total, **kw) for s in range(total)]
