"""Epoch driver that reports progress on a text stream."""
import sys

import numpy as np


def run_epochs(step_fn, state, n_epochs, stream=None):
    stream = stream or sys.stdout
    for epoch in range(n_epochs):
        state, loss = step_fn(state)
        stream.write(f"\repoch {epoch + 1}/{n_epochs} loss={loss:.4f}")
    stream.write("\n")
    stream.flush()
    return state


def halve(state):
    new = state * 0.5
    return new, float(np.sum(new ** 2))


def shrink_to(target):
    def step(state):
        new = state + 0.5 * (target - state)
        return new, float(np.abs(new - target).max())
    return step
