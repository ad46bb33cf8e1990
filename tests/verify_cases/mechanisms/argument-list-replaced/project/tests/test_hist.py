from hist.core import record


def test_record():
    state = {"history": [0.5]}
    assert record(state, 0.25) == 2
    assert state["history"] == [0.5, 0.25]
