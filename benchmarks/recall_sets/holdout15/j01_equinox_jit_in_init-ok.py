# expect: none
# source: https://github.com/patrick-kidger/equinox/issues/268
# mistake: Resembles j01 (jax.jit applied to a bound method), but the jit is applied once in __init__ of a long-lived object and the changing parameters are passed as array arguments, so the method is traced once and reused across the loop.
import jax
import jax.numpy as jnp

TRACES = {"apply": 0}


class Predictor:
    def __init__(self, activation=jnp.tanh):
        self.activation = activation
        # jit once, at construction; the bound method closes over static config only
        self.apply = jax.jit(self._apply)

    def _apply(self, params, x):
        TRACES["apply"] += 1
        h = self.activation(x @ params["w1"] + params["b1"])
        return h @ params["w2"]


def init_params(key, d_in=4, d_h=16, d_out=2):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (d_in, d_h)), "b1": jnp.zeros(d_h),
            "w2": jax.random.normal(k2, (d_h, d_out))}


def main():
    predictor = Predictor()
    keys = jax.random.split(jax.random.key(0), 6)
    outs = []
    for k in keys:  # six different parameter sets, same shapes
        params = init_params(k)
        outs.append(predictor.apply(params, jnp.ones((8, 4))))
    print("stacked outputs:", jnp.stack(outs).shape)
    print("traces of Predictor._apply for 6 parameter sets:", TRACES["apply"])
    assert TRACES["apply"] == 1
