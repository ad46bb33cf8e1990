from pool import run_many


def test_many():
    out = run_many([0, 1], 3)
    assert out.shape == (2,)
