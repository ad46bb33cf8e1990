from smoothing import running_mean

def test_single():
    assert running_mean(2.0) == 2.0

def test_given_buffer():
    assert running_mean(4.0, buf=[2.0]) == 3.0
