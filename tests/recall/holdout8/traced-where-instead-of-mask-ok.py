# expect: none
# source: https://link.sov5.org/l/STcDw1ts7U
# mistake: looks like value-dependent selection inside a jitted loop, but it uses the three-argument jnp.where(x > 1, x, 0) whose output shape is static, so it traces fine
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp


@jax.jit
def func(x):
    return jnp.where(x > 1, x, 0).sum()


def main():
    totals = []
    for shift in range(4):
        totals.append(func(jnp.arange(4) + shift))
    print([int(t) for t in totals])
    assert int(totals[0]) == 5


if __name__ == "__main__":
    main()
