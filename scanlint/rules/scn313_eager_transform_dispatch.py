from scanlint.rules import Rule


class EagerTransformDispatch(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a function
    transformed by `jax.grad`, `value_and_grad`, `vmap`, `jacfwd` or `jacrev` and called
    outside `jit` at least 3 times (`--min-recompiles`) in one test from the same line of the
    project (test files left out), each call running at least 20 operations one by one. The
    message gives the calls, the operations dispatched, and their seconds.

    ## Why is this bad?
    Outside `jit` a transform traces the function at every call and runs each operation on
    its own: one dispatch, and the first time one compile, per operation, with no fusion. In
    a training or sampling loop that is the whole cost; made once and jitted, the step is one
    compiled program, traced once.

    ## Example
    `train.py:12:9: SCN313 `grad` of a function called 5 times outside `jit` here in
    tests/test_train.py::test_train: 140 operations dispatched one by one (28 per call),
    0.41 s; jit it once, outside the loop (`step = jax.jit(jax.grad(f))`), ...`

    ## Use instead
    `step = jax.jit(jax.grad(loss))` once (at module level, or in `__init__`), then
    `step(params, batch)` in the loop; or jit the function that holds the loop's body.
    """

    CODE = "SCN313"
    NAME = "eager-transform-dispatch"
    MESSAGE = "`{transform}` of a function called {calls} times outside `jit`"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
