# expect: none
# source: https://github.com/jax-ml/jax/issues/200
# mistake: The list of graphs is stacked into one batched array and the layer is vmapped, so the traced program has one copy of the layer whatever the number of graphs.
import time

import jax
import jax.numpy as np
import numpy as onp


def identity(x):
    return x


def mp_single(params, a, f, nonlin=identity):
    output = np.dot(a, f)
    output = np.dot(params["w"], output) + params["b"]
    return nonlin(output)


def mp(params, As, Fs):
    # As: (n_graphs, n, n), Fs: (n_graphs, n, d)
    return jax.vmap(mp_single, in_axes=(None, 0, 0))(params, As, Fs)


def make_data(n_graphs, n_nodes=6, n_feat=4, seed=0):
    rng = onp.random.RandomState(seed)
    As = np.asarray(rng.rand(n_graphs, n_nodes, n_nodes).astype("float32"))
    Fs = np.asarray(rng.rand(n_graphs, n_nodes, n_feat).astype("float32"))
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
