import numpy as np


def init_stats(dim):
    z = np.zeros(dim)
    return {"mu": z, "ema_mu": z, "n": 0}


def update_stats(stats, x, decay=0.9):
    stats["n"] += 1
    stats["mu"] += (x - stats["mu"]) / stats["n"]
    stats["ema_mu"] *= decay
    stats["ema_mu"] += (1 - decay) * x
    return stats
