import numpy as np
from optim import schedule


def test_resolve_scaled():
    assert schedule.resolve_lr({"lr": 0.1, "lr_scale": 0.5}) == 0.05


def test_cosine_endpoints():
    cfg = {"lr": 0.2}
    assert np.isclose(float(schedule.cosine(0, 10, cfg)), 0.2)
    assert np.isclose(float(schedule.cosine(10, 10, cfg)), 0.0, atol=1e-7)


def test_warmup_ramp():
    cfg = {"lr": 1.0}
    assert np.isclose(float(schedule.linear_warmup(0, 4, cfg)), 0.25)
    assert np.isclose(float(schedule.linear_warmup(9, 4, cfg)), 1.0)


def test_table_monotone():
    t = np.asarray(schedule.schedule_table(8, {"lr": 0.5}))
    assert t.shape == (8,) and np.all(np.diff(t) <= 0)
