def running_mean(x, history=None):
    history = history or []
    history.append(float(x))
    return sum(history) / len(history)
