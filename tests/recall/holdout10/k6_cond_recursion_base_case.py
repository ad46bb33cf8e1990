# expect: bug
# source: https://github.com/jax-ml/jax/issues/4858
# mistake: the recursion's base case is written with lax.cond, which traces both branches, so the recursive branch is traced forever and Python hits the recursion limit.
# kind: 6 Python loops unrolled under jit (recursion)
import jax
import jax.numpy as jnp
from jax import lax


def diag_kron(diags):
    n = diags.shape[0]
    half = n // 2

    def leaf(d):
        return d.reshape(-1)

    def split(d):
        left = diag_kron(d[:half])
        right = diag_kron(d[half:])
        return jnp.einsum("i,j->ij", left, right).reshape(-1)

    return lax.cond(n == 1, leaf, split, diags)


def main():
    ops = jnp.arange(1.0, 5.0).reshape(4, 1)
    print(jax.jit(diag_kron)(ops))


if __name__ == "__main__":
    main()
