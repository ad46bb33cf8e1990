# expect: none
# source: https://github.com/google/flax/issues/4329
# mistake: looks like passing a brand-new nnx.Module instance to an nnx.jit function on every loop iteration, but the instances share the same graph structure and shapes, so nnx.jit traces only once
# kind: 1 recompile
import jax
import jax.numpy as jnp
from flax import nnx

N = 0


@nnx.jit
def forward(m, x):
    global N
    N += 1
    return m(x)


def main():
    x = jax.random.uniform(jax.random.key(0), (5, 2))
    outs = []
    for seed in range(3):
        m = nnx.Linear(2, 3, rngs=nnx.Rngs(seed))
        outs.append(forward(m, x))
    print("traces of forward:", N, "outputs:", len(outs))
    assert N == 1


if __name__ == "__main__":
    main()
