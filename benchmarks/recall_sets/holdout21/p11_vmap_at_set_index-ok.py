# expect: none
# source: https://github.com/jax-ml/jax/issues/23358
# mistake: The per-index function is applied with jax.lax.map(..., batch_size=...), so only one batch of scattered copies exists at a time.
import jax
import jax.numpy as jnp

N = 20_000
x = jnp.zeros(N)


def f(i):
    index = i
    return x.at[index].set(7).sum()


def main():
    indices = jnp.arange(x.size)
    compiled = jax.jit(lambda idx: jax.lax.map(f, idx, batch_size=100)).lower(indices).compile()
    mib = compiled.memory_analysis().temp_size_in_bytes / 2**20
    out = jax.jit(lambda idx: jax.lax.map(f, idx, batch_size=100))(indices[:200])
    print(f"N={N} lax.map(batch_size=100) temp buffer={mib:.1f} MiB sample={float(out[0])}")


if __name__ == "__main__":
    main()
