# expect: bug
# source: https://github.com/jax-ml/jax/issues/2814
# mistake: Each iteration concatenates the new observation onto a history array and passes it to a jitted function, so the argument shape changes every iteration and jit recompiles every call.
import jax
import jax.numpy as jnp

TRACES = 0


@jax.jit
def running_score(history):
    global TRACES
    TRACES += 1
    w = jnp.exp(-0.1 * jnp.arange(history.shape[0])[::-1])
    return jnp.sum(w * history) / jnp.sum(w)


def main():
    history = jnp.zeros((0,))
    scores = []
    for t in range(30):
        obs = jnp.sin(0.3 * t)
        history = jnp.concatenate([history, obs[None]])
        scores.append(running_score(history))
    print(f"iterations=30 traces={TRACES} last_score={float(scores[-1]):.4f}")


if __name__ == "__main__":
    main()
