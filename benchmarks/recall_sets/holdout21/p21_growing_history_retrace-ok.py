# expect: none
# source: https://github.com/jax-ml/jax/issues/2814
# mistake: The history lives in a preallocated fixed-size buffer with a validity mask, so the jitted function always sees the same shape and compiles once.
import jax
import jax.numpy as jnp

TRACES = 0
MAX_T = 30


@jax.jit
def running_score(buffer, length):
    global TRACES
    TRACES += 1
    idx = jnp.arange(buffer.shape[0])
    valid = idx < length
    w = jnp.where(valid, jnp.exp(-0.1 * (length - 1 - idx)), 0.0)
    return jnp.sum(w * buffer) / jnp.sum(w)


def main():
    buffer = jnp.zeros((MAX_T,))
    scores = []
    for t in range(30):
        obs = jnp.sin(0.3 * t)
        buffer = buffer.at[t].set(obs)
        scores.append(running_score(buffer, t + 1))
    print(f"iterations=30 traces={TRACES} last_score={float(scores[-1]):.4f}")


if __name__ == "__main__":
    main()
