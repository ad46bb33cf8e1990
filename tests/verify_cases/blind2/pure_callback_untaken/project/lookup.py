"""Table lookup with linear interpolation inside the table and host-side extrapolation outside."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

_KNOTS = np.linspace(0.0, 1.0, 11)
_VALUES = np.sin(2 * np.pi * _KNOTS)


def _extrapolator(order):
    """Host function extrapolating linearly from the last `order` + 1 knots."""
    k = order + 1
    slope = (_VALUES[-1] - _VALUES[-k]) / (_KNOTS[-1] - _KNOTS[-k])

    def extrapolate(x):
        x = np.asarray(x)
        return (_VALUES[-1] + slope * (x - _KNOTS[-1])).astype(x.dtype)

    return extrapolate


def lookup(x):
    inside = (x >= 0.0) & (x <= 1.0)
    return lax.cond(
        jnp.all(inside),
        lambda x: jnp.interp(x, _KNOTS, _VALUES),
        lambda x: jax.pure_callback(_extrapolator(1), jax.ShapeDtypeStruct(x.shape, x.dtype), x),
        x)
