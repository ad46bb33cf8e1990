from monitor import LossMonitor

def test_mean():
    m = LossMonitor(window=10)
    for l in [4.0, 2.0, 3.0]:
        mean = m.push(l)
    assert mean == 3.0
