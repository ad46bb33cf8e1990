import json

from scoring import accuracy, summary


def test_accuracy():
    assert accuracy([1, 0, 1, 1], [1, 1, 1, 0]) == 0.5


def test_summary_is_json_serializable():
    s = summary([1, 0, 1], [1, 0, 0])
    assert json.loads(json.dumps(s)) == s
