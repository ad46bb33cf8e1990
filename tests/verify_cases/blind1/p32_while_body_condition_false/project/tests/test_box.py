import jax.numpy as jnp
import numpy as np
from solvers.box import repair, feasible


def test_feasible_point_untouched():
    x = jnp.array([0.2, 0.5, 0.9])
    y, iters = repair(x, 0.0, 1.0)
    np.testing.assert_array_equal(y, x)
    assert int(iters) == 0


def test_feasible():
    assert bool(feasible(jnp.array([0.0, 1.0]), 0.0, 1.0))
    assert not bool(feasible(jnp.array([1.5]), 0.0, 1.0))
