"""Robust summary statistics on plain Python lists."""


def median(xs):
    vals = xs[:]
    vals.sort()
    n = len(vals)
    mid = n // 2
    return vals[mid] if n % 2 else 0.5 * (vals[mid - 1] + vals[mid])


def mad(xs):
    m = median(xs)
    return median([abs(x - m) for x in xs])


def robust_z(xs):
    m, s = median(xs), mad(xs)
    return [(x - m) / (1.4826 * s) if s else 0.0 for x in xs]


def summary(xs):
    return {"median": median(xs), "mad": mad(xs), "min": min(xs), "max": max(xs), "n": len(xs)}
