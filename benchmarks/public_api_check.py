"""Exercise the closure-style rewrites of libraries whose packages ship no tests (jumanji's
RobotWarehouse, optimistix's L-BFGS) through their public APIs, jitted and eagerly, and print
a digest of every output leaf. Run it on an original and a rewritten copy and compare:

    scanlint check --param-style closure --fix --unsafe-fixes COPY   # COPY holds both packages
    PYTHON benchmarks/public_api_check.py ORIGINAL_DIR
    PYTHON benchmarks/public_api_check.py COPY

(PYTHON: an interpreter with jax, jumanji and optimistix installed; the folder given comes
first on sys.path.)
"""
import hashlib
import sys

sys.path.insert(0, sys.argv[1])
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402



def digest(tree):
    h = hashlib.sha256()
    for leaf in jax.tree_util.tree_leaves(tree):
        a = np.asarray(leaf)
        h.update(str((a.dtype, a.shape)).encode()); h.update(a.tobytes())
    return h.hexdigest()[:16]

import jumanji  # noqa: E402

env = jumanji.make("RobotWarehouse-v0")
for mode in ("jit", "eager"):
    reset = jax.jit(env.reset) if mode == "jit" else env.reset
    step = jax.jit(env.step) if mode == "jit" else env.step
    state, ts = reset(jax.random.PRNGKey(0))
    outs = [ts]
    for i in range(3):
        action = jax.random.randint(jax.random.PRNGKey(i + 1), (env.num_agents,), 0, 5)
        state, ts = step(state, action)
        outs.append(ts)
    print("jumanji RobotWarehouse", mode, digest(outs))

import optimistix as optx  # noqa: E402


def rosenbrock(y, args):
    return jnp.sum(100.0 * (y[1:] - y[:-1] ** 2) ** 2 + (1.0 - y[:-1]) ** 2)


def lbfgs(y0):
    return optx.minimise(rosenbrock, optx.LBFGS(rtol=1e-6, atol=1e-6), y0, max_steps=200).value


for mode in ("jit", "eager"):
    f = jax.jit(lbfgs) if mode == "jit" else lbfgs
    print("optimistix LBFGS", mode, digest(f(jnp.array([-1.2, 1.0, 0.5, 0.3]))))
