def read_header(f):
    """Read a trajectory header: a count line, then that many column names."""
    n = int(f.readline())
    names = [f.readline().strip() for _ in range(n)]
    return names
