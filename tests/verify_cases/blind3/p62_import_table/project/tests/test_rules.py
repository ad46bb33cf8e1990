from rules import integrate


def test_trapezoid_linear():
    assert abs(float(integrate(lambda x: 2 * x, 0.0, 1.0, 4)) - 1.0) < 1e-6
