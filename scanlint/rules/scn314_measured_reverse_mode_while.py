from scanlint.rules import Rule


class MeasuredReverseModeWhile(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a `while_loop`,
    or a `fori_loop` whose bounds were traced values (jax runs it as a `while_loop`), that
    reverse-mode differentiation (`grad`, `value_and_grad`, `vjp`) reached while the tests
    ran (jax raised "Reverse-mode differentiation does not work for lax.while_loop or
    lax.fori_loop with dynamic start/stop values"). The finding is on the loop's line, taken
    from the loop's own traceback, with the line that asked for the gradient: jax's error
    names neither, and the bounds may have become traced far from the loop (a jitted caller's
    ordinary argument, a `partial` in another file).

    ## Why is this bad?
    Reverse mode stores what each step needs for the backward pass, so it needs the number of
    steps when it traces; a `while_loop` does not have one, and a `fori_loop` has one only
    when its bounds are Python values (then it runs as a `scan`).

    ## Example
    `rollout.py:16:5: SCN314 reverse-mode differentiation reached this `fori_loop`, run as a
    `while_loop`, in tests/test_probes.py::test_rollout_gradients (the gradient taken at
    rollout.py:25): its trip count is not known when traced ...`

    ## Use instead
    Make the bounds static (`static_argnums`/`static_argnames`, Python ints), so that the
    `fori_loop` runs as a `scan`; run a fixed number of steps with `lax.scan` and mask the
    steps past the end (`jnp.where(i < n, new, old)`); or differentiate in forward mode
    (`jax.jacfwd`, `jax.jvp`).
    """

    CODE = "SCN314"
    NAME = "measured-reverse-mode-while"
    MESSAGE = "reverse-mode differentiation reached this loop in {test}"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
