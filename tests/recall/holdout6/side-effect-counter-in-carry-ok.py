# expect: none
# source: https://github.com/jax-ml/jax/issues/18910
# mistake: Looks like the jitted optimiser that bumps a monitor's update counter inside its fori_loop
#   body, but the count is carried in the loop state and returned, and the monitor is updated outside
#   jit from the returned value, so it counts every iteration of every call.
# case: side-effect-counter-in-carry-ok
# kind: lookalike
# rules: SCN204
# jax: symptom RESULT != 20
# pair: side-effect-monitor-mutation-in-fori
# note: The thread's guidance is to pass state explicitly in and out of transformed functions; applied
#   to the same counter.
import jax
import jax.numpy as jnp


class Monitor:
    def __init__(self):
        self.n_updates = 0


monitor = Monitor()


def descend(i, state):
    params, n_updates = state
    grad = 2.0 * (params - 3.0)
    return params - 0.1 * grad, n_updates + 1


@jax.jit
def fit(params):
    return jax.lax.fori_loop(0, 10, descend, (params, jnp.int32(0)))


def main():
    p = jnp.zeros(2)
    for _ in range(2):
        p, n = fit(p)
        monitor.n_updates += int(n)
    return monitor.n_updates


if __name__ == "__main__":
    RESULT = main()
