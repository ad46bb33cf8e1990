def make_early_stopper(patience):
    best = float("inf")
    bad = 0

    def should_stop(loss):
        nonlocal best, bad
        if loss <= best:
            best, bad = loss, 0
        else:
            bad += 1
        return bad >= patience

    return should_stop
