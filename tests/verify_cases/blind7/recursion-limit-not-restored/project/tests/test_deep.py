from deep import flatten_deep

def test_nested():
    t = 1
    for _ in range(50):
        t = [t, 2]
    assert len(flatten_deep(t)) == 51
