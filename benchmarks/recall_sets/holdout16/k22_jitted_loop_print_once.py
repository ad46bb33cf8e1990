# expect: bug
# source: https://github.com/jax-ml/jax/issues/4763
# mistake: the MCMC/optimiser loop is a Python for loop inside a jitted function that prints its iteration number with Python print; the prints happen only while tracing, so the first call prints (stale) trace-time lines and later calls print nothing, and the loop body is unrolled n_iter times.
import io
import contextlib

import jax
import jax.numpy as jnp


def progress_bar(i, n_iter, print_rate):
    if i % print_rate == 0:
        print(f"Iteration {i}/{n_iter}")


@jax.jit
def my_python_loop(a):
    n_iter, print_rate = 100, 10
    for i in range(n_iter):
        progress_bar(i, n_iter=n_iter, print_rate=print_rate)
        a = a + jnp.sin(a) * 0.01
    return a


def main():
    counts = []
    a = jnp.ones(3)
    for call in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            a = my_python_loop(a)
            a.block_until_ready()
        counts.append(len(buf.getvalue().splitlines()))
    eqns = len(jax.make_jaxpr(my_python_loop)(a).jaxpr.eqns[0].params["jaxpr"].eqns)
    print(f"progress lines per call: {counts} (expected [10, 10, 10]); jaxpr has {eqns} equations for 100 iterations")
