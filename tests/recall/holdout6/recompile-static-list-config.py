# expect: bug
# source: https://github.com/jax-ml/jax/issues/4712
# mistake: A list read from the config is passed as a static argument to a jitted filter inside the
#   processing loop; lists are unhashable, so they cannot serve as a compilation-cache key.
# case: recompile-static-list-config
# kind: mistake
# rules: SCN308
# jax: raises Non-hashable static arguments are not supported
# note: In the thread (2020) an equal-but-new list as a static arg silently recompiled on every call;
#   current JAX rejects the unhashable static argument with a ValueError instead. Reshaped into a
#   config-driven FIR smoothing loop.
from functools import partial

import jax
import jax.numpy as jnp

CONFIG = {"smoother": {"taps": [0.25, 0.5, 0.25]}, "passes": 3}


@partial(jax.jit, static_argnums=1)
def fir_smooth(signal, taps):
    out = jnp.zeros_like(signal)
    for k, w in enumerate(taps):
        out = out + w * jnp.roll(signal, k - len(taps) // 2)
    return out


def preprocess(batch, cfg):
    for _ in range(cfg["passes"]):
        batch = fir_smooth(batch, cfg["smoother"]["taps"])
    return batch


def main():
    x = jnp.sin(jnp.linspace(0.0, 6.0, 128))
    return preprocess(x, CONFIG)


if __name__ == "__main__":
    RESULT = main()
