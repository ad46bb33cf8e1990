import signal

import jax.numpy as jnp

_PREEMPTED = []


def _on_sigterm(signum, frame):
    _PREEMPTED.append(signum)


def train(w, steps):
    signal.signal(signal.SIGTERM, _on_sigterm)
    for _ in range(steps):
        w = w * 0.5
        if _PREEMPTED:
            break
    return w
