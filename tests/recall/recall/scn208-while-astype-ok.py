# case: scn208-while-astype-ok
# source: https://github.com/jax-ml/jax/issues/1681
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: scn208-while-astype

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
out = lax.while_loop(lambda u: u < 5, lambda u: u + 1, np.float32(1.0))
