from scanlint.rules import Rule


class ScanUnrollGain(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS --bench-fixes` only: a `lax.scan` left at
    `unroll=1` that runs at least 256 steps of a body of at most 40 equations in a function
    the tests compiled, and whose compiled program, on the test's own arguments, ran at least
    1.25 times faster at another unroll (1, 2, 4, 8 and 16 are timed: the traced program
    with only the scan's `unroll` changed, each compiled once and run a few times, the fastest
    run kept). The message gives both run times and the unroll to pass.

    ## Why is this bad?
    A rolled scan is a `while` loop: each step pays the loop's own bookkeeping (the counter,
    the condition, slicing `xs` and updating `ys`), which dominates when the body is a few
    small operations. Unrolling by `k` does `k` steps per trip and lets XLA fuse across them,
    at the cost of a larger program (compile time grows with `k`).

    ## Example
    `signature.py:29:5: SCN311 `scan` of 4,096 steps of a 10-equation body in
    `signature_depth2` ran 2.9x faster at `unroll=4` on the call in tests/test_sig.py::
    test_depth2 (0.255 ms -> 0.0877 ms compiled, unrolls 1, 2, 4, 8, 16 timed): pass
    `unroll=4``

    ## Use instead
    `lax.scan(step, init, xs, unroll=4)` with the unroll the run measured; measure again on
    the accelerator that runs it (a CPU's best unroll is not a GPU's).
    """

    CODE = "SCN311"
    NAME = "scan-unroll-gain"
    MESSAGE = "`scan` of {length} steps ran {gain}x faster at `unroll={k}`"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
