# expect: bug
# source: https://github.com/patrick-kidger/equinox/pull/316
# mistake: in the BERT example's TransformerLayer the per-token FeedForwardBlock is vmapped over the sequence with in_axes=None for the dropout key, so every token position gets the identical dropout mask on every training step.
import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, p=0.5):
        self.p = p

    def __call__(self, x, *, inference=False, key=None):
        if inference:
            return x
        q = 1 - self.p
        mask = jax.random.bernoulli(key, q, x.shape)
        return jnp.where(mask, x / q, 0)


class FeedForwardBlock:
    def __init__(self, hidden_size, intermediate_size, dropout_rate, key):
        k1, k2 = jax.random.split(key)
        self.mlp_w = jax.random.normal(k1, (hidden_size, intermediate_size)) * 0.1
        self.out_w = jax.random.normal(k2, (intermediate_size, hidden_size)) * 0.1
        self.dropout = Dropout(p=dropout_rate)

    def __call__(self, inputs, enable_dropout=True, key=None):
        hidden = jax.nn.gelu(inputs @ self.mlp_w)
        output = hidden @ self.out_w
        output = self.dropout(output, inference=not enable_dropout, key=key)
        return output + inputs


class TransformerLayer:
    def __init__(self, hidden_size, intermediate_size, dropout_rate, key):
        self.ff_block = FeedForwardBlock(hidden_size, intermediate_size, dropout_rate, key)

    def __call__(self, inputs, *, enable_dropout=False, key=None):
        attn_key, ff_key = (None, None) if key is None else jax.random.split(key)
        attention_output = inputs  # attention block omitted
        output = jax.vmap(self.ff_block, in_axes=(0, None, None))(attention_output, enable_dropout, ff_key)
        return output


def main():
    layer = TransformerLayer(hidden_size=16, intermediate_size=32, dropout_rate=0.5, key=jax.random.PRNGKey(0))
    seq_len = 6
    inputs = jnp.zeros((seq_len, 16))
    layer.ff_block.out_w = jnp.ones_like(layer.ff_block.out_w)
    key = jax.random.PRNGKey(1)
    for step in range(2):
        key, step_key = jax.random.split(key)
        out = layer(inputs + 1.0, enable_dropout=True, key=step_key)
        masks = out - 1.0 != 0
        same = all(bool(jnp.array_equal(masks[0], masks[i])) for i in range(seq_len))
        print(f"step {step}: all {seq_len} token positions share one dropout mask: {same}")
