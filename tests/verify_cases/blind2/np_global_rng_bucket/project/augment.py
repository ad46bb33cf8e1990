"""Data augmentation with NumPy's global random generator."""
import numpy as np

BUCKET = 64


def jitter(x, scale=0.05):
    """Add Gaussian noise; x has at most BUCKET rows."""
    x = np.asarray(x, dtype=np.float64)
    noise = np.random.randn(*x.shape)
    return x + scale * noise


def random_crop(img, size):
    h, w = img.shape[:2]
    i = np.random.randint(0, h - size + 1)
    j = np.random.randint(0, w - size + 1)
    return img[i:i + size, j:j + size]


def flip_lr(img, p=0.5):
    return img[:, ::-1] if np.random.rand() < p else img
