# expect: bug
# source: https://crackedaicode.com/problems/jax-jit-of-scan
# mistake: the scan body appends each running product to a Python list to collect a history; the append runs once at trace time, so the list holds one tracer instead of one value per step.
# kind: 7 side-effects
import jax
import jax.numpy as jnp

history = []


def step(carry, xi):
    carry = carry * xi
    history.append(carry)
    return carry, None


@jax.jit
def scan_product(x):
    final, _ = jax.lax.scan(step, 1.0, x)
    return final


def main():
    x = jnp.array([1.0, 2.0, 3.0, 4.0])
    scan_product(x)
    scan_product(x)
    print(f"SYMPTOM: history has {len(history)} entries after two calls over {x.shape[0]} elements (expected {2 * x.shape[0]}); entries are tracers: {type(history[0]).__name__}")


if __name__ == "__main__":
    main()
