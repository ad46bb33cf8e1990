def make_scheduler(base, warmup):
    step = 0

    def lr():
        nonlocal step
        step += 1
        return base * min(1.0, (step + 1) / warmup)

    return lr
