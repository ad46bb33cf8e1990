# expect: bug
# source: https://github.com/jax-ml/jax/issues/2947
# mistake: `branching_fn` relies on `lax.cond(x >= 0, positive_branch, negative_branch)` to keep the data-dependent `lax.while_loop` of `positive_branch` away from negative inputs; under `jax.vmap` the cond is evaluated as a select over both branches, so the while loop runs on negative values, where its condition never becomes false, and the batched call never terminates.
import subprocess
import sys

import jax


def positive_branch(x):
    # this function does not terminate for negative values
    def body(x):
        return x * 0.1
    return jax.lax.while_loop(lambda y: (y <= 0) | (y > 1e-6), body, x)


def negative_branch(x):
    # this function always terminates
    def body(x):
        return x * 0.1
    return jax.lax.while_loop(lambda y: y < -1e-6, body, x)


def branching_fn(x):
    return jax.lax.cond(x >= 0, positive_branch, negative_branch, x)


def _run_batched():
    x = jax.random.normal(jax.random.PRNGKey(0), shape=(10,))
    print(jax.vmap(branching_fn)(x))


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), shape=(10,))
    print("element-by-element loop terminates:", [round(float(branching_fn(xi)), 8) for xi in x[:3]])
    code = f"import runpy; runpy.run_path({__file__!r})['_run_batched']()"
    try:
        subprocess.run([sys.executable, "-c", code], timeout=8, capture_output=True)
        print("vmapped call terminated")
    except subprocess.TimeoutExpired:
        print("vmapped call did not terminate within 8 s (killed)")
