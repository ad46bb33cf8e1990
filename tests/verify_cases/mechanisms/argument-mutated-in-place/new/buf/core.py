import numpy as np

def fill(out, value):
    out[:] = value + 1
    return out.shape
