from early_stop import make_early_stopper

def test_no_stop_on_improving_run():
    stop = make_early_stopper(patience=3)
    assert not any(stop(l) for l in [3.0, 2.0, 2.0, 2.0])
