import math
from pkg.core import lookup


def test_lookup():
    assert abs(float(lookup(3)) - math.sin(3 * math.pi / 16)) < 1e-6
