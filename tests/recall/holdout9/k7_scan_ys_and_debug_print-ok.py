# expect: none
# source: https://crackedaicode.com/problems/jax-jit-of-scan
# mistake: none; the per-step history is returned as the scan's stacked output ys and per-step logging goes through jax.debug.print.
# kind: 7 side-effects
import jax
import jax.numpy as jnp


def step(carry, xi):
    carry = carry * xi
    jax.debug.print("running product {p}", p=carry)
    return carry, carry


@jax.jit
def scan_product(x):
    _, ys = jax.lax.scan(step, 1.0, x)
    return ys


def main():
    history = scan_product(jnp.array([1.0, 2.0, 3.0, 4.0]))
    jax.effects_barrier()
    print("history:", history)


if __name__ == "__main__":
    main()
