import signal

import jax.numpy as jnp

_PREEMPTED = []


def _on_sigterm(signum, frame):
    _PREEMPTED.append(signum)


def train(w, steps):
    prev = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        for _ in range(steps):
            w = w * 0.5
            if _PREEMPTED:
                break
        return w
    finally:
        signal.signal(signal.SIGTERM, prev)
