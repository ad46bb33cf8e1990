# expect: bug
# source: https://github.com/jax-ml/jax/issues/27144
# mistake: a bfloat16 recurrent cell uses a custom_vjp whose backward rule returns float32 cotangents, so inside lax.scan's reverse pass the bf16 carry's cotangent changes dtype and differentiation fails.
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
    g32 = g.astype(jnp.float32)  # accumulate the backward pass in higher precision
    return g32 * w.astype(jnp.float32), g32 * h.astype(jnp.float32)


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
    print(rnn(w, xs))
    print(jax.grad(rnn)(w, xs))


if __name__ == "__main__":
    main()
