# expect: bug
# source: https://github.com/jax-ml/jax/issues/18910
# mistake: The fori_loop body inside a jitted fit() updates a counter attribute on a Python monitor
#   object; that mutation happens once, at trace time, not once per iteration or per call.
# case: side-effect-monitor-mutation-in-fori
# kind: mistake
# rules: SCN204
# jax: symptom RESULT != 20
# note: The thread is about a jitted/differentiated function mutating attributes of an object passed in
#   (a trace-time side effect that leaks tracers); reshaped as an update counter bumped inside a
#   fori_loop body of a jitted optimiser, called twice for 10 steps each.
import jax
import jax.numpy as jnp


class Monitor:
    def __init__(self):
        self.n_updates = 0


monitor = Monitor()


def descend(i, params):
    grad = 2.0 * (params - 3.0)
    monitor.n_updates += 1
    return params - 0.1 * grad


@jax.jit
def fit(params):
    return jax.lax.fori_loop(0, 10, descend, params)


def main():
    p = jnp.zeros(2)
    p = fit(p)
    p = fit(p)
    return monitor.n_updates


if __name__ == "__main__":
    RESULT = main()
