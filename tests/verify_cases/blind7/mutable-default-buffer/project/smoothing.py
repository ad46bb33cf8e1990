def running_mean(x, buf=None, k=5):
    """Append x to buf and return the mean of the last k values."""
    buf = [] if buf is None else buf
    buf.append(float(x))
    tail = buf[-k:]
    return sum(tail) / len(tail)
