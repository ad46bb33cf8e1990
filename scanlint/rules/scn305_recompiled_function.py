from scanlint.rules import Rule


class RecompiledFunction(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a function that
    jax traced and compiled at least 3 times (`--min-recompiles`) within one test (twice,
    when nothing but an argument's weak type differed: `jnp.asarray(0.)` then a float32
    array), or a `lax.scan`, `while_loop` or `cond` run outside `jit` that jax compiled that
    often from one line. The message says how many compiles, what differed between them (an argument's shape
    or dtype, a static argument's value, a new function object each time: a lambda or closure
    made and jitted per call; or nothing `jit` was given: a global or closed-over value), and
    the seconds spent tracing and compiling.

    ## Why is this bad?
    `jit` caches a compiled program per function object, argument shapes and dtypes, and
    static argument values. A cache that never hits costs a full trace and compile at every
    call, often far more than the computation.

    ## Example
    `steps.py:16:1: SCN305 `powered` compiled 5 times in tests/test_steps.py::test_powers:
    `power` differed (static 0, static 1, static 2, ...); trace and compile 0.39 s in all`

    ## Use instead
    Jit the function once, outside the loop that calls it (`step = jax.jit(f)` at module
    level, not `jax.jit(lambda v: ...)` per call); pass a value that changes as a traced
    argument instead of a static one; pad shapes to a few sizes; run `lax.scan` under `jit`.
    """

    CODE = "SCN305"
    NAME = "recompiled-function"
    MESSAGE = "`{function}` compiled {count} times in {test}: {why}"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
