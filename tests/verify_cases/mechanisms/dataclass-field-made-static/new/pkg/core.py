import dataclasses
import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Linear:
    w: jax.Array
    scale: float


jax.tree_util.register_dataclass(Linear, data_fields=["w"], meta_fields=["scale"])


def init(n):
    return Linear(jnp.eye(n), 2.0)


@jax.jit
def apply(m, x):
    return m.scale * (m.w @ x)
