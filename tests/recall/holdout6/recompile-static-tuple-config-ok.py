# expect: none
# source: https://github.com/jax-ml/jax/issues/4712
# mistake: Looks like a static argument rebuilt on every call, but the taps are converted to a tuple,
#   which hashes and compares by value, so every call after the first hits jit's cache.
# case: recompile-static-tuple-config-ok
# kind: lookalike
# rules: SCN308
# jax: symptom RESULT >= 1
# pair: recompile-static-list-config
# note: The thread's advice was to pass hashable values (tuples) as static arguments; this applies it
#   to the same config-driven smoothing loop, rebuilding the tuple each pass.
from functools import partial

import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)

CONFIG = {"smoother": {"taps": [0.25, 0.5, 0.25]}, "passes": 4}


@partial(jax.jit, static_argnums=1)
def fir_smooth(signal, taps):
    out = jnp.zeros_like(signal)
    for k, w in enumerate(taps):
        out = out + w * jnp.roll(signal, k - len(taps) // 2)
    return out


def preprocess(batch, cfg):
    for _ in range(cfg["passes"]):
        batch = fir_smooth(batch, tuple(cfg["smoother"]["taps"]))
    return batch


def main():
    x = jnp.sin(jnp.linspace(0.0, 6.0, 128))
    preprocess(x, CONFIG)  # warm-up
    before = _COMPILES[0]
    preprocess(x, CONFIG)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
