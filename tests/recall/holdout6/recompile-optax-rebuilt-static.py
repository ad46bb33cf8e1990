# expect: bug
# source: https://github.com/google-deepmind/optax/issues/197
# mistake: Each run of the hyper-parameter sweep builds a fresh optax.adam(...) and passes it as a
#   static argument to the jitted scan-based fit; the transformation's init/update closures are new
#   objects every time, so the static argument never hashes equal and the fit recompiles every run.
# case: recompile-optax-rebuilt-static
# kind: mistake
# rules: SCN308
# jax: symptom RESULT >= 3
# note: The thread's repro jitted inference(gt) with static_argnums=0 inside a for loop creating
#   adam(0.05) each iteration (compiled 100 times); here it is a seed sweep calling a fit() helper.
from functools import partial

import jax
import jax.monitoring as _mon
import jax.numpy as jnp
import optax

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


def quadratic_loss(params, target):
    return jnp.sum((params - target) ** 2)


@partial(jax.jit, static_argnums=0)
def fit(tx, params0, target):
    def one_step(carry, _):
        params, opt_state = carry
        grads = jax.grad(quadratic_loss)(params, target)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), quadratic_loss(params, target)

    (params, _), losses = jax.lax.scan(one_step, (params0, tx.init(params0)), None, length=50)
    return params, losses


def run_sweep(seeds, learning_rate=0.05):
    finals = []
    for seed in seeds:
        target = jax.random.normal(jax.random.key(seed), (4,))
        tx = optax.adam(learning_rate)
        params, losses = fit(tx, jnp.zeros(4), target)
        finals.append(losses[-1])
    return finals


def main():
    run_sweep([0])  # warm-up
    before = _COMPILES[0]
    run_sweep([1, 2, 3, 4])
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
