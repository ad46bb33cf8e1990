import math


def make_early_stopper(patience, min_delta=0.0):
    best = math.inf
    bad = 0

    def should_stop(loss):
        nonlocal best, bad
        loss = float(loss)
        if loss < best - min_delta:
            best, bad = loss, 0
        else:
            bad += 1
        return bad >= patience

    return should_stop
