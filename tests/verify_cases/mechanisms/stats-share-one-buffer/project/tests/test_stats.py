import numpy as np
from stats import init_stats

def test_init():
    s = init_stats(3)
    assert s["mu"].shape == (3,) and not s["ema_mu"].any() and s["n"] == 0
