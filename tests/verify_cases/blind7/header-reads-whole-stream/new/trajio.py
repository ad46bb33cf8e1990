def read_header(f):
    """Read a trajectory header: a count line, then that many column names."""
    n = int(f.readline())
    names = [ln.strip() for ln in f.readlines()[:n]]
    return names
