# expect: none
# source: https://github.com/marin-community/levanter/issues/569
# mistake: (correct) under the mixed-precision policy each block casts its float32 layer parameters to the compute dtype before use, so the bfloat16 hidden-state carry keeps its dtype through the layer scan.
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class MpPolicy:
    param_dtype: jnp.dtype = jnp.float32
    compute_dtype: jnp.dtype = jnp.bfloat16

    def cast_to_compute(self, x):
        return x.astype(self.compute_dtype)


def init_stacked_blocks(key, num_layers, embed, mlp):
    k1, k2 = jax.random.split(key)
    return {
        "w_in": jax.random.normal(k1, (num_layers, embed, mlp), jnp.float32) * 0.02,
        "w_out": jax.random.normal(k2, (num_layers, mlp, embed), jnp.float32) * 0.02,
    }


def mistral_block(x, layer_params):
    h = jax.nn.silu(x @ layer_params["w_in"])
    return x + h @ layer_params["w_out"]


def transformer(stacked_params, x, mp: MpPolicy):
    x = mp.cast_to_compute(x)

    def do_block(carry, layer_params):
        layer_params = jax.tree.map(mp.cast_to_compute, layer_params)
        return mistral_block(carry, layer_params), None

    x, _ = jax.lax.scan(do_block, x, stacked_params)
    return x


def main():
    mp = MpPolicy()
    params = init_stacked_blocks(jax.random.PRNGKey(0), num_layers=4, embed=16, mlp=32)
    x = jax.random.normal(jax.random.PRNGKey(1), (2, 8, 16))
    out = jax.jit(lambda p, x: transformer(p, x, mp))(params, x)
    print(out.dtype, out.shape)
    return out


if __name__ == "__main__":
    main()
