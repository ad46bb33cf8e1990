# expect: bug
# source: https://github.com/jax-ml/jax/issues/2139
# mistake: The loss differentiates through a long lax.scan whose step builds a large intermediate; without
#   jax.checkpoint, reverse mode stores every step's residuals, so the gradient's temporary memory grows with the
#   sequence length (here over 100 MB for 500 steps of a 256-wide state).
# case: memory-grad-long-scan-no-remat
# kind: mistake
# rules: none
# jax: symptom RESULT > 50_000_000
# note: The issue asks for a checkpointed scan so gradients through long time series need far less memory; the
#   reproduction measures XLA's temp allocation for jit(grad(loss)) via compiled memory_analysis instead of an OOM.
import jax
import jax.numpy as jnp
from jax import lax


def make_step(W):
    def step(h, x):
        a = jnp.tanh(h @ W + x)
        interaction = jnp.outer(a, a)                       # 256 x 256 per step
        h = h + 0.01 * jnp.sum(jnp.sin(interaction), axis=0)
        return h, None
    return step


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
