# case: e303-flow-layers-python-loop
# source: https://github.com/kazewong/flowMC/issues/153
# kind: mistake
# rules: SCN303
# jax: symptom trace_size(48) > 15 * trace_size(2)
# note: a normalizing flow whose forward pass is `for layer in self.layers: x, ld = layer(x)`
#   over identical affine coupling layers (dataclass pytrees) under jax.jit; flowMC's
#   layers were equinox modules with MLP conditioners.

import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["w_s", "w_t"], meta_fields=["flip"])
@dataclasses.dataclass
class AffineCoupling:
    w_s: jax.Array
    w_t: jax.Array
    flip: bool

    def __call__(self, x):
        x1, x2 = jnp.split(x[::-1] if self.flip else x, 2)
        log_s = jnp.tanh(self.w_s @ x1)
        y2 = x2 * jnp.exp(log_s) + self.w_t @ x1
        return jnp.concatenate([x1, y2]), jnp.sum(log_s)


@functools.partial(jax.tree_util.register_dataclass, data_fields=["layers"], meta_fields=[])
@dataclasses.dataclass
class RealNVP:
    layers: list

    def forward(self, x):
        log_det = 0.0
        for layer in self.layers:
            x, log_det_i = layer(x)
            log_det += log_det_i
        return x, log_det


def make_flow(n_layers, half=4):
    keys = jax.random.split(jax.random.PRNGKey(0), n_layers)
    return RealNVP([AffineCoupling(0.1 * jax.random.normal(k, (2, half, half))[0],
                                   0.1 * jax.random.normal(k, (2, half, half))[1],
                                   flip=bool(i % 2)) for i, k in enumerate(keys)])


@jax.jit
def forward(flow, x):
    return flow.forward(x)


def trace_size(n_layers):
    return len(str(jax.make_jaxpr(forward)(make_flow(n_layers), jnp.ones(8))))


y, log_det = forward(make_flow(4), jnp.ones(8))
print(y.shape, float(log_det), trace_size(48), trace_size(2))
