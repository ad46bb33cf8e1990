import logging

import numpy as np

log = logging.getLogger(__name__)


def clip_values(x, lo, hi):
    n_clip = int(np.sum((x < lo) | (x > hi)))
    log.debug("clipped %d of %d values", x.size, n_clip)
    return np.clip(x, lo, hi)
