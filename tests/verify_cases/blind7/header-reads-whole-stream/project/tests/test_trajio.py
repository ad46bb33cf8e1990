import io
from trajio import read_header

def test_header():
    f = io.StringIO("2\nx\nv\n0.0 1.0\n0.5 0.9\n")
    assert read_header(f) == ["x", "v"]
