"""Exponential moving average trackers built as closures."""
import math


def make_tracker(decay=0.9):
    state = {"ema": None, "n": 0, "peak": -math.inf}

    def update(x):
        x = float(x)
        state["n"] += 1
        state["peak"] = max(state["peak"], abs(x))
        state["ema"] = x if state["ema"] is None else decay * state["ema"] + (1 - decay) * x
        return state["ema"]

    def summary():
        return dict(state)

    return update, summary


def smooth(xs, decay=0.9):
    update, _ = make_tracker(decay)
    return [update(x) for x in xs]
