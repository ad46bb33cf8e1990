from scanlint.rules import Rule


class MeasuredUnrolledLoop(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a Python `for` or
    `while` loop, a comprehension, or an iteration over a traced array (`sum(x)`,
    `for row in x`) that ran at least `min-unrolled-trips` times (default 10) while jax traced
    a function the project's tests compiled, and that added at least 50 equations
    (`--min-equations`) to the compiled program.
    The message gives the measured count, the equations it contributed out of the function's
    total, the per-trip equations, the trace and compile seconds of that function, and the
    test that compiled it. The count is measured, so it is found whatever sets it: a static
    argument, a shape, an attribute, the length of a list of layers, nested loops (reported on
    the outermost, with the most body runs of any loop in the nest). A loop that a static
    SCN3xx rule already reports is not repeated: that finding gets the figures instead.

    ## Why is this bad?
    `jit` traces Python: the program handed to XLA holds one copy of the loop's body per
    trip, so tracing and compiling take time that grows with the count (see SCN301). The
    test run shows what the count really is and what it costs; a static rule can only guess
    it.

    ## Example
    `model.py:11:5: SCN304 Python loop unrolled 30 times in tests/test_model.py::test_rollout:
    90 of 90 equations (3 per trip) of `rollout`, trace 0.05 s, compile 0.34 s; ...`

    ## Use instead
    `jax.lax.fori_loop` or `jax.lax.scan` (the body is traced and compiled once), `jax.vmap`
    when the trips are independent; or keep the unroll where it is wanted (a few large steps
    XLA fuses better) and mark the line `# noqa: SCN304`.
    """

    CODE = "SCN304"
    NAME = "measured-unrolled-loop"
    MESSAGE = "Python loop unrolled {trips} times in {test}: {equations} of {total} equations"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
