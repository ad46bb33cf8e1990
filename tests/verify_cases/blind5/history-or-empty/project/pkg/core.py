def running_mean(x, history=None):
    history = [] if history is None else history
    history.append(float(x))
    return sum(history) / len(history)
