def make_warmup(peak, steps):
    peak = peak * 10
    return lambda t: peak * min(t / steps, 1.0)
