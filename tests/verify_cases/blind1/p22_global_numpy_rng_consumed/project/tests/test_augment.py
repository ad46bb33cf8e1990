import numpy as np
from augment import random_flip, center_crop, eval_pipeline


IMGS = np.arange(2 * 4 * 4, dtype=np.float32).reshape(2, 4, 4) / 32.0


def test_no_flip_at_zero():
    np.testing.assert_array_equal(random_flip(IMGS, p=0.0), IMGS)


def test_crop():
    assert center_crop(IMGS, 2).shape == (2, 2, 2)


def test_eval_pipeline():
    out = eval_pipeline(IMGS, 2)
    np.testing.assert_allclose(out, (IMGS[:, 1:3, 1:3] - 0.5) / 0.25, rtol=1e-6)
