import numpy as np

from describe import describe, zscores


def test_describe_normal():
    x = np.random.default_rng(0).normal(size=500)
    d = describe(x)
    assert abs(d["mean"]) < 0.2 and abs(d["std"] - 1) < 0.2
    assert d["p5"] < d["mean"] < d["p95"]
    assert list(d) == ["mean", "std", "p5", "p95", "skew"]


def test_zscores():
    z = zscores([1.0, 2.0, 3.0, 4.0])
    assert np.isclose(z.mean(), 0.0) and np.isclose(z.std(ddof=1), 1.0)
