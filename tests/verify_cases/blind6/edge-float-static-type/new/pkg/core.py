def head_dim(dim, heads):
    return int(dim / heads)
