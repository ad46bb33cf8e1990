import numpy as np

def fill(out, value):
    out[:] = value
    return out.shape
