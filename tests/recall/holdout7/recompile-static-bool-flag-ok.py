# expect: none
# source: https://openillumi.com/?p=109598
# mistake: Looks like a static argument whose value keeps changing inside the training loop (train/eval flag), but a
#   static bool has only two values and jit keeps both compilations in its cache, so there are only two traces.
# case: recompile-static-bool-flag-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 2
# note: The question asked whether alternating a boolean static_argname recompiles every call; the answer shows the
#   cache holds one entry per value. Written as a train/eval loop with a dropout-like flag.
import functools

import jax
import jax.numpy as jnp

TRACES = [0]


@functools.partial(jax.jit, static_argnames=("training",))
def forward(w, x, key, training):
    TRACES[0] += 1
    h = jnp.tanh(x @ w)
    if training:                                  # Python branch on a static value
        keep = jax.random.bernoulli(key, 0.9, h.shape)
        h = jnp.where(keep, h / 0.9, 0.0)
    return h.sum()


def main():
    key = jax.random.key(0)
    w = jnp.ones((8, 8)) * 0.1
    x = jnp.ones((4, 8))
    for step in range(10):
        key, sub = jax.random.split(key)
        forward(w, x, sub, training=True)
        if step % 3 == 0:
            forward(w, x, sub, training=False)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
