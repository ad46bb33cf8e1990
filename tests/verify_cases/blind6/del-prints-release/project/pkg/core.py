import jax.numpy as jnp


class _Scratch:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        print("scratch released")


def blocked_sum(x, block):
    s = _Scratch(x.shape[0] // block)
    parts = [x[i * block:(i + 1) * block].sum() for i in range(s.n)]
    return jnp.stack(parts).sum()
