def head_dim(dim, heads):
    return dim // heads
