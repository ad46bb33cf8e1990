# expect: bug
# source: https://github.com/marin-community/levanter/issues/427
# mistake: the decoder's layer stack is folded with lax.scan without gradient checkpointing, so reverse-mode keeps every per-layer intermediate activation as a [num_layers, batch, pos, mlp] residual and the saved memory grows with depth.
import jax
import jax.numpy as jnp


def init_layers(key, num_layers, embed, mlp):
    k1, k2 = jax.random.split(key)
    return {
        "w_up": jax.random.normal(k1, (num_layers, embed, mlp)) * 0.02,
        "w_down": jax.random.normal(k2, (num_layers, mlp, embed)) * 0.02,
    }


def decoder_layer(x, layer):
    h = jax.nn.gelu(x @ layer["w_up"])
    h = jax.nn.gelu(h * 1.5 + 0.1)
    return x + h @ layer["w_down"]


def transformer_loss(layers, x):
    def fold(carry, layer):
        return decoder_layer(carry, layer), None

    out, _ = jax.lax.scan(fold, x, layers)
    return jnp.mean(out ** 2)


def residual_bytes(loss_fn, layers, x):
    _, vjp_fn = jax.vjp(loss_fn, layers, x)
    return sum(leaf.nbytes for leaf in jax.tree.leaves(vjp_fn))


def main():
    x = jax.random.normal(jax.random.PRNGKey(1), (4, 64, 32))
    report = {}
    for num_layers in (4, 16):
        layers = init_layers(jax.random.PRNGKey(0), num_layers, 32, 128)
        grads = jax.jit(jax.grad(transformer_loss))(layers, x)
        report[num_layers] = residual_bytes(transformer_loss, layers, x)
    print("bytes saved for the backward pass, by num_layers:", report)
    return report


if __name__ == "__main__":
    main()
