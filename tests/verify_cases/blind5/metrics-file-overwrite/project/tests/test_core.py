import json
from pkg.core import append_metrics


def test_append(tmp_path):
    p = tmp_path / "m.jsonl"
    append_metrics(p, 1, 0.5)
    append_metrics(p, 2, 0.25)
    last = p.read_text().splitlines()[-1]
    assert json.loads(last)["step"] == 2
