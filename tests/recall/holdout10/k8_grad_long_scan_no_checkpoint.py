# expect: bug
# source: https://github.com/jax-ml/jax/issues/3186
# mistake: grad of a lax.scan that accumulates x * (y + z) over many steps stores every step's (y + z) intermediate, so backward-pass memory grows with the number of steps (no jax.checkpoint on the body).
# kind: 8 memory of gradient of a long scan without checkpoint
import jax
import jax.numpy as jnp
from jax import lax


def objective(x, ys):
    z = jnp.ones((256, 256))

    def accumulate(carry, y):
        return carry + jnp.tanh(x * (y + z)), None

    total, _ = lax.scan(accumulate, jnp.zeros_like(z), ys)
    return total.mean()


def backward_temp_bytes(n_steps):
    compiled = jax.jit(jax.grad(objective)).lower(1.0, jnp.ones(n_steps)).compile()
    return compiled.memory_analysis().temp_size_in_bytes


def main():
    short, long = backward_temp_bytes(8), backward_temp_bytes(32)
    g = jax.jit(jax.grad(objective))(1.0, jnp.ones(8))
    g.block_until_ready()
    if long > 2 * short:
        print(f"SYMPTOM: grad temp memory {short} B for 8 steps vs {long} B for 32 steps (residuals saved per step)")


if __name__ == "__main__":
    main()
