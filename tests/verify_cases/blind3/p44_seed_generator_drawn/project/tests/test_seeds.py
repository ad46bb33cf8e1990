from seeds import sample_run


def test_seeded():
    a = sample_run(4, seed=0)
    b = sample_run(4, seed=0)
    assert float(a) == float(b)
    assert 0.0 < float(a) < 4.0
