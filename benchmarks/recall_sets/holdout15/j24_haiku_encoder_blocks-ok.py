# expect: none
# source: https://github.com/google-deepmind/dm-haiku/issues/622
# mistake: Resembles an unrolled Python loop under jit (`for block in self.blocks: x = block(x)`), but the loop runs over a small, fixed list of encoder blocks whose length is static config, so the traced program has a fixed, small size and the forward pass compiles once and is reused.
import jax
import jax.numpy as jnp

TRACES = {"forward": 0}


class EncoderBlock:
    def __init__(self, key, d_model):
        k1, k2 = jax.random.split(key)
        self.params = {"w_attn": jax.random.normal(k1, (d_model, d_model)) / d_model**0.5,
                       "w_mlp": jax.random.normal(k2, (d_model, d_model)) / d_model**0.5}

    @staticmethod
    def apply(params, x):
        attn = jax.nn.softmax(x @ params["w_attn"] @ x.T / x.shape[-1] ** 0.5) @ x
        x = x + attn
        return x + jax.nn.gelu(x @ params["w_mlp"])


class Encoder:
    def __init__(self, key, num_blocks=4, d_model=32):
        self.blocks = [EncoderBlock(k, d_model) for k in jax.random.split(key, num_blocks)]
        self.forward = jax.jit(self._forward)

    def _forward(self, block_params, x):
        TRACES["forward"] += 1
        for params in block_params:  # num_blocks is static config (4)
            x = EncoderBlock.apply(params, x)
        return x

    def __call__(self, x):
        return self.forward([b.params for b in self.blocks], x)


def main():
    enc = Encoder(jax.random.key(0))
    n_eqns = len(jax.make_jaxpr(enc._forward)([b.params for b in enc.blocks], jnp.ones((10, 32))).jaxpr.eqns)
    TRACES["forward"] = 0
    for i in range(5):
        y = enc(jnp.full((10, 32), 0.01 * i))
    print("output:", y.shape, "| jaxpr equations for 4 blocks:", n_eqns)
    print("traces of forward over 5 batches:", TRACES["forward"])
    assert TRACES["forward"] == 1 and n_eqns < 200
