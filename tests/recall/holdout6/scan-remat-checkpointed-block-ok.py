# expect: none
# source: https://github.com/apple/axlearn/pull/1171
# mistake: Looks like the same scanned layer stack under grad, but the scanned function is wrapped in
#   jax.checkpoint, so only the per-layer carry is stored and hidden activations are recomputed.
# case: scan-remat-checkpointed-block-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 5_000_000
# pair: scan-remat-layer-stack-grad
# note: The PR's idiom, scan(remat(fn)); RESULT is XLA's temp buffer size in bytes for the compiled grad.
import jax
import jax.numpy as jnp

N_LAYERS = 48
D_MODEL = 64
D_HIDDEN = 1024


def block(x, layer_params):
    w_in, w_out = layer_params
    h = jax.nn.gelu(x @ w_in)
    return x + h @ w_out


def repeated_forward(stacked_params, x):
    @jax.checkpoint
    def body(carry, layer_params):
        return block(carry, layer_params), None

    out, _ = jax.lax.scan(body, x, stacked_params)
    return out


def loss(stacked_params, x):
    return jnp.mean(repeated_forward(stacked_params, x) ** 2)


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = (jax.random.normal(k1, (N_LAYERS, D_MODEL, D_HIDDEN)) * 0.02,
              jax.random.normal(k2, (N_LAYERS, D_HIDDEN, D_MODEL)) * 0.02)
    x = jax.random.normal(k3, (32, D_MODEL))
    compiled = jax.jit(jax.grad(loss)).lower(params, x).compile()
    return compiled.memory_analysis().temp_size_in_bytes


if __name__ == "__main__":
    RESULT = main()
