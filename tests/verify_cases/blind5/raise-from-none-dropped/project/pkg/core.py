import jax

_ACTS = {"relu": jax.nn.relu, "tanh": jax.numpy.tanh}


def get_activation(name):
    try:
        return _ACTS[name]
    except KeyError:
        raise ValueError(f"unknown activation {name!r}") from None
