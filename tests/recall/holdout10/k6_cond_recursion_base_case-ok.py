# expect: none
# source: https://github.com/jax-ml/jax/issues/4858
# mistake: none: as the answer suggests, the base case tests the static shape with a Python if, so only one branch is traced at each level and the recursion terminates.
# kind: 6 Python loops unrolled under jit (recursion)
import jax
import jax.numpy as jnp


def diag_kron(diags):
    n = diags.shape[0]
    if n == 1:
        return diags.reshape(-1)
    left = diag_kron(diags[: n // 2])
    right = diag_kron(diags[n // 2:])
    return jnp.einsum("i,j->ij", left, right).reshape(-1)


def main():
    ops = jnp.arange(1.0, 5.0).reshape(4, 1)
    out = jax.jit(diag_kron)(ops)
    assert out.shape == (1,)


if __name__ == "__main__":
    main()
