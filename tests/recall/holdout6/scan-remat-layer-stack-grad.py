# expect: bug
# source: https://github.com/apple/axlearn/pull/1171
# mistake: A stack of repeated layers is run with lax.scan and differentiated without jax.checkpoint on
#   the scanned function, so the backward pass keeps every layer's large intermediates alive.
# case: scan-remat-layer-stack-grad
# kind: mistake
# rules: none
# jax: symptom RESULT > 5_000_000
# note: The PR applied scan(remat(fn)) in scan_in_context for RepeatedTransformer (19.6 GiB -> 15.7 GiB
#   train_step); reproduced with a small repeated MLP block whose hidden activation is much wider than
#   the carried state. RESULT is XLA's temp buffer size in bytes for the compiled grad.
import jax
import jax.numpy as jnp

N_LAYERS = 48
D_MODEL = 64
D_HIDDEN = 1024


def block(x, layer_params):
    w_in, w_out = layer_params
    h = jax.nn.gelu(x @ w_in)  # [B, D_HIDDEN] saved per layer without remat
    return x + h @ w_out


def repeated_forward(stacked_params, x):
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
