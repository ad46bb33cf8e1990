def make_warmup(peak, steps):
    peak = peak * 100
    return lambda t: peak * min(t / steps, 1.0)
