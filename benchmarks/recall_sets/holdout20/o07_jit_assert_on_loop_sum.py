# expect: bug
# source: https://github.com/jax-ml/jax/pull/8947
# mistake: inside a jitted function a Python generator loop sums traced values and then a Python `assert result > 0` forces the traced sum to a bool, raising a concretization error.
import jax
import jax.numpy as jnp

N = 10


@jax.jit
def f():
    result = sum(jnp.add(1, 1) for _ in range(N))
    assert result > 0
    return result


def main():
    try:
        print("result:", f())
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()
