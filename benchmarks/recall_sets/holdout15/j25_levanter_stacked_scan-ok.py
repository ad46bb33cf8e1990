# expect: none
# source: https://github.com/marin-community/levanter/pull/111
# mistake: Resembles an unrolled per-layer loop in a transformer forward pass, but blocks are held as one "Stacked" pytree with a leading layer axis and applied with lax.scan (fold), so the traced program does not grow with the number of layers.
import jax
import jax.numpy as jnp


def init_block(key, d):
    k1, k2 = jax.random.split(key)
    return {"w_attn": jax.random.normal(k1, (d, d)) / d**0.5,
            "w_mlp": jax.random.normal(k2, (d, d)) / d**0.5,
            "ln_scale": jnp.ones(d)}


def block_apply(params, x):
    h = x * params["ln_scale"] / jnp.sqrt(jnp.mean(x**2, -1, keepdims=True) + 1e-6)
    attn = jax.nn.softmax(h @ params["w_attn"] @ h.T / h.shape[-1] ** 0.5) @ h
    x = x + attn
    return x + jax.nn.gelu(x @ params["w_mlp"])


class Stacked:
    """A homogeneous stack of blocks applied in sequence via lax.scan."""

    def __init__(self, key, num_layers, d):
        keys = jax.random.split(key, num_layers)
        self.stacked = jax.vmap(lambda k: init_block(k, d))(keys)  # leading layer axis

    def fold(self, x):
        def body(carry, layer_params):
            return block_apply(layer_params, carry), None
        x, _ = jax.lax.scan(body, x, self.stacked)
        return x


def count_eqns(num_layers, d=32):
    model = Stacked(jax.random.key(0), num_layers, d)
    return len(jax.make_jaxpr(model.fold)(jnp.ones((8, d))).jaxpr.eqns)


def main():
    counts = {n: count_eqns(n) for n in (2, 12, 48)}
    print("top-level jaxpr equations by num_layers:", counts)
    y = jax.jit(Stacked(jax.random.key(1), 12, 32).fold)(jnp.ones((8, 32)))
    print("output:", y.shape)
    assert len(set(counts.values())) == 1
