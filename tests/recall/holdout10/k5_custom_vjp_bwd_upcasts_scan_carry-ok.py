# expect: none
# source: https://github.com/jax-ml/jax/issues/27144
# mistake: none: the backward rule computes in float32 but casts each cotangent back to its primal's dtype, so the scan's reverse-pass carry keeps the bf16 type.
# kind: 5 carry structure / dtype / weak-type mismatch
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_vjp
def gated(h, w):
    return h * w


def _gated_fwd(h, w):
    return gated(h, w), (h, w)


def _gated_bwd(res, g):
    h, w = res
    g32 = g.astype(jnp.float32)
    dh = (g32 * w.astype(jnp.float32)).astype(h.dtype)
    dw = (g32 * h.astype(jnp.float32)).astype(w.dtype)
    return dh, dw


gated.defvjp(_gated_fwd, _gated_bwd)


class BF16Recurrence:
    def __init__(self, width):
        self.width = width

    def __call__(self, w, xs):
        def cell(h, x):
            h = jnp.tanh(gated(h, w) + x)
            return h, h

        h, _ = lax.scan(cell, jnp.zeros(self.width, jnp.bfloat16), xs)
        return h.astype(jnp.float32).sum()


def main():
    rnn = BF16Recurrence(4)
    w = jnp.ones(4, jnp.bfloat16)
    xs = jnp.full((5, 4), 0.1, jnp.bfloat16)
    g = jax.grad(rnn)(w, xs)
    assert g.dtype == jnp.bfloat16


if __name__ == "__main__":
    main()
