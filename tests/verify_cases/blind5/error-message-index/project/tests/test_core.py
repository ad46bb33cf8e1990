import numpy as np
import pytest
from pkg.core import check_finite, NonFiniteError


def test_check():
    assert check_finite([1.0, 2.0]).shape == (2,)
    with pytest.raises(NonFiniteError, match="non-finite value"):
        check_finite([1.0, np.inf, np.nan])
