# expect: none
# source: https://github.com/sanchit-gandhi/seq2seq-speech/pull/13
# mistake: Looks like the same gradient through a long lax.scan with a large per-step intermediate, but the step is
#   wrapped in jax.checkpoint, so only the carry is saved per step and the intermediate is recomputed on the way back.
# case: memory-grad-long-scan-remat-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 50_000_000
# pair: memory-grad-long-scan-no-remat
# note: The PR combines remat with a scanned stack of layers to fit a 4x larger batch; here the same idea is applied
#   to a scanned recurrence (scan(checkpoint(step))).
import jax
import jax.numpy as jnp
from jax import lax


def make_step(W):
    def step(h, x):
        a = jnp.tanh(h @ W + x)
        interaction = jnp.outer(a, a)
        h = h + 0.01 * jnp.sum(jnp.sin(interaction), axis=0)
        return h, None
    return jax.checkpoint(step)


def loss(W, h0, xs):
    h, _ = lax.scan(make_step(W), h0, xs)
    return jnp.sum(h ** 2)


def main():
    W = jnp.eye(256) * 0.01
    h0 = jnp.zeros(256)
    xs = jnp.ones((500, 256))
    compiled = jax.jit(jax.grad(loss)).lower(W, h0, xs).compile()
    return compiled.memory_analysis().temp_size_in_bytes


if __name__ == "__main__":
    RESULT = main()
