def make_stopper(patience):
    best = float("inf")
    bad = 0

    def should_stop(loss):
        nonlocal best, bad
        if loss < best:
            best, bad = loss, 0
        else:
            bad += 1
        return bad >= patience
    return should_stop


def run_until(stopper, losses):
    n = 0
    for l in losses:
        n += 1
        if stopper(l):
            break
    return n
