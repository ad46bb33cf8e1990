# case: scn208-while-astype
# source: https://github.com/jax-ml/jax/issues/1681
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: the body casts the carry to float16

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
out = lax.while_loop(lambda u: u < 5, lambda u: u.astype(np.float16) + 1, np.float32(1.0))
