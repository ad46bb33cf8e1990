# expect: bug
# source: https://github.com/jax-ml/jax/issues/23358
# mistake: A function that scatters into a large closed-over array at the mapped index is vmapped over all indices, so vmap materializes one full copy of the array per index (N x N memory).
import jax
import jax.numpy as jnp

N = 20_000
x = jnp.zeros(N)


def f(i):
    index = i
    return x.at[index].set(7).sum()


def main():
    indices = jnp.arange(x.size)
    compiled = jax.jit(jax.vmap(f)).lower(indices).compile()
    mib = compiled.memory_analysis().temp_size_in_bytes / 2**20
    print(f"N={N} vmap temp buffer={mib:.0f} MiB (a 100_000-element x would need ~{mib * 25 / 1024:.0f} GiB)")


if __name__ == "__main__":
    main()
