# expect: none
# source: https://github.com/flatironinstitute/nemos/issues/547
# mistake: the solver is jitted once at module level and regularizer_strength is passed as a traced array argument, so cloned estimators in the CV loop reuse one compiled solver for every fold and grid point of the same shape.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring
import numpy as np

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


def _poisson_loss(params, X, y, regularizer_strength):
    w, b = params
    rate = jnp.exp(X @ w + b)
    return jnp.mean(rate - y * jnp.log(rate)) + regularizer_strength * jnp.sum(w ** 2)


@jax.jit
def _gradient_descent_run(init_params, X, y, regularizer_strength):
    def body(i, params):
        g = jax.grad(_poisson_loss)(params, X, y, regularizer_strength)
        return jax.tree_util.tree_map(lambda p, gi: p - 0.1 * gi, params, g)
    return jax.lax.fori_loop(0, 50, body, init_params)


class GLM:
    def __init__(self, regularizer_strength=1.0):
        self.regularizer_strength = regularizer_strength

    def fit(self, X, y):
        init = (jnp.zeros(X.shape[1]), jnp.zeros(()))
        self.coef_, self.intercept_ = _gradient_descent_run(
            init, X, y, jnp.asarray(self.regularizer_strength, jnp.float32))
        return self


def clone(estimator):
    return type(estimator)(**{"regularizer_strength": estimator.regularizer_strength})


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    rng = np.random.default_rng(0)
    X = jnp.asarray(rng.normal(size=(100, 2)), jnp.float32)
    y = jnp.asarray(rng.poisson(1.0, size=100), jnp.float32)
    folds = np.array_split(np.arange(100), 5)
    n_fits = 0
    for strength in [0.01, 0.1, 1.0]:
        base = GLM(regularizer_strength=strength)
        for k in range(5):
            train = np.concatenate([f for j, f in enumerate(folds) if j != k])
            clone(base).fit(X[train], y[train])
            n_fits += 1
    print("fits:", n_fits, "solver traces:", _TRACES["_gradient_descent_run"])
