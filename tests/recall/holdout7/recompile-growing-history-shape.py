# expect: bug
# source: https://openillumi.com/en/en-jax-jit-recompile-dynamic-shape-fix
# mistake: A streaming filter appends each new observation to its history and calls the jitted update on the whole
#   history, so the argument shape changes on every step and jit re-traces and re-compiles each time.
# case: recompile-growing-history-shape
# kind: mistake
# rules: none
# jax: symptom RESULT >= 6
# note: The Stack Overflow question behind the article calls a jitted f on arrays whose leading axis differs between
#   calls and asks how to avoid the recompile; here the changing axis comes from a history buffer that grows in a loop.
import jax
import jax.numpy as jnp
import numpy as np

TRACES = [0]


@jax.jit
def ewma_update(history, alpha):
    TRACES[0] += 1
    weights = alpha * (1 - alpha) ** jnp.arange(history.shape[0])[::-1]
    return jnp.sum(weights * history) / jnp.sum(weights)


class StreamingFilter:
    def __init__(self, alpha=0.3):
        self.alpha = alpha
        self.history = np.zeros((0,), np.float32)

    def observe(self, value):
        self.history = np.append(self.history, np.float32(value))   # one longer each step
        return ewma_update(jnp.asarray(self.history), self.alpha)


def main():
    filt = StreamingFilter()
    out = None
    for t in range(6):
        out = filt.observe(np.sin(t))
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
