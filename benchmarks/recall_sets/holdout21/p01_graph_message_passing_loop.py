# expect: bug
# source: https://github.com/jax-ml/jax/issues/200
# mistake: A jitted forward pass loops in Python over a list of (adjacency, feature) pairs, so jit unrolls one copy of the layer per graph and compile time grows with the number of graphs.
import time

import jax
import jax.numpy as np
import numpy as onp


def identity(x):
    return x


def mp(params, As, Fs, nonlin=identity):
    """my hack for doing message passing on multiple graphs in one logical forward computation step."""
    outputs = []
    for a, f in zip(As, Fs):
        output = np.dot(a, f)
        output = np.dot(params["w"], output) + params["b"]
        output = nonlin(output)
        outputs.append(output)
    return outputs


def make_data(n_graphs, n_nodes=6, n_feat=4, seed=0):
    rng = onp.random.RandomState(seed)
    As = [np.asarray(rng.rand(n_nodes, n_nodes).astype("float32")) for _ in range(n_graphs)]
    Fs = [np.asarray(rng.rand(n_nodes, n_feat).astype("float32")) for _ in range(n_graphs)]
    params = {"w": np.asarray(rng.rand(n_nodes, n_nodes).astype("float32")),
              "b": np.zeros((n_nodes, n_feat), "float32")}
    return params, As, Fs


def main():
    forward = jax.jit(mp)
    for n_graphs in (50, 400):
        params, As, Fs = make_data(n_graphs)
        n_eqns = len(jax.make_jaxpr(mp)(params, As, Fs).jaxpr.eqns)
        t0 = time.perf_counter()
        out = forward(params, As, Fs)
        jax.block_until_ready(out)
        dt = time.perf_counter() - t0
        print(f"graphs={n_graphs} jaxpr_eqns={n_eqns} first_call_s={dt:.2f}")


if __name__ == "__main__":
    main()
