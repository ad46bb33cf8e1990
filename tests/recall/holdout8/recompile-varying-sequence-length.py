# expect: bug
# source: https://theneuralbase.com/jax/learn/beginner/jit-recompilation-shape-changes/
# mistake: the jitted encoder is called in a loop on sequences whose length changes from call to call, so each new shape triggers a fresh trace and XLA compile
# kind: 1 recompile
import jax
import jax.numpy as jnp

TRACES = 0


@jax.jit
def encode(tokens, table):
    global TRACES
    TRACES += 1
    return jnp.mean(table[tokens], axis=0)


def main():
    table = jnp.arange(40.0).reshape(10, 4)
    sequences = [[1, 2, 3], [4, 5], [6, 7, 8, 9], [1], [2, 3, 4, 5, 6]]
    feats = []
    for seq in sequences:
        feats.append(encode(jnp.array(seq), table))
    print("encoded:", len(feats), "traces:", TRACES)
    if TRACES > 1:
        print("SYMPTOM: encode recompiled for every distinct sequence length")


if __name__ == "__main__":
    main()
