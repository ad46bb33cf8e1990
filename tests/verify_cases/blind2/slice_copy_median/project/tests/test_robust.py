from robust import mad, median, summary


def test_median_odd_even():
    assert median([3, 1, 2]) == 2
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5


def test_mad():
    assert mad([1.0, 2.0, 3.0, 4.0, 100.0]) == 1.0


def test_summary():
    data = [5.0, -1.0, 3.0, 2.0]
    s = summary(data)
    assert s == {"median": 2.5, "mad": 1.5, "min": -1.0, "max": 5.0, "n": 4}
