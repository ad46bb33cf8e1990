import numpy as np
from pkg.core import format_weights


def test_format():
    assert format_weights([0.123456, 2.0]) == "[0.123 2.   ]"
