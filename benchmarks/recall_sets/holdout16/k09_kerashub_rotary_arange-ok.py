# expect: none
# source: https://github.com/keras-team/keras-hub/pull/1137
# mistake: rotary_dim is computed as a Python int from the static last dimension, so jnp.arange gets a concrete stop value and the jitted decoder loop compiles.
import jax
import jax.numpy as jnp


class RotaryEmbedding:
    def __init__(self, max_wavelength=10000, rotary_percentage=0.25):
        self.max_wavelength = max_wavelength
        self.rotary_percentage = rotary_percentage

    def _compute_cos_sin_embedding(self, x, rotary_dim, seq_dim=1):
        seq_len = x.shape[seq_dim]
        range_ = jnp.arange(0, rotary_dim, 2, "float32")
        inverse_freq = 1.0 / (self.max_wavelength ** (range_ / rotary_dim))
        tensor = jnp.arange(seq_len, dtype="float32")
        freqs = jnp.einsum("i,j->ij", tensor, inverse_freq)
        embedding = jnp.concatenate((freqs, freqs), axis=-1)
        return jnp.cos(embedding)[None, :, None, :], jnp.sin(embedding)[None, :, None, :]

    def __call__(self, query, key):
        rotary_dim = int(query.shape[-1] * self.rotary_percentage)
        cos_emb, sin_emb = self._compute_cos_sin_embedding(query, rotary_dim)
        q_rot = query[..., : cos_emb.shape[-1]] * cos_emb
        k_rot = key[..., : cos_emb.shape[-1]] * sin_emb
        return q_rot, k_rot


class GPTNeoXDecoder:
    def __init__(self, num_layers=4, num_heads=4, head_dim=16):
        self.num_layers = num_layers
        self.num_heads = num_heads
        self.head_dim = head_dim
        self.rotary = RotaryEmbedding()

    def __call__(self, params, x):
        b, s, _ = x.shape
        for layer in range(self.num_layers):
            q = (x @ params["wq"][layer]).reshape(b, s, self.num_heads, self.head_dim)
            k = (x @ params["wk"][layer]).reshape(b, s, self.num_heads, self.head_dim)
            q_rot, k_rot = self.rotary(q, k)
            x = x + jnp.mean(q_rot * k_rot) * x
        return x


def main():
    dec = GPTNeoXDecoder()
    d = dec.num_heads * dec.head_dim
    params = {"wq": 0.02 * jnp.ones((4, d, d)), "wk": 0.02 * jnp.ones((4, d, d))}
    x = jnp.ones((2, 8, d))
    out = jax.jit(dec.__call__)(params, x)
    print("jitted decoder ok", out.shape, float(out.mean()))
