from scanlint.rules import Rule


class MeasuredCarryTypeChange(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a `scan`,
    `fori_loop` or `while_loop` whose body, when the tests traced it, returned a carry of
    other types than its input (jax raised "carry input and carry output must have equal
    types"), at the line that ran the loop, with what differed as jax says it and whether
    `jax_enable_x64` was on. Where the code shows the drift, SCN208 reports it without a run;
    this finds what only the trace shows: dtypes that come from data (a float32 NumPy array
    under x64 mixed with float64 defaults), from a library, or from a sharding (a carry that
    varies over a mesh axis only after the body).

    ## Why is this bad?
    jax compiles a loop's body once for the carry's types, so the body must return exactly
    those. A body that promotes (float32 state times a float64 kernel under x64, an int
    counter plus a float) fails at trace time, often only with x64 on or on one input.

    ## Example
    `sampler.py:40:9: SCN312 `while_loop` body returned a carry of other types than its
    input, traced in tests/test_sampler.py::test_run with `jax_enable_x64` on: the input carry
    component state[2] has type float32[32] but the corresponding output carry component has
    type float64[32], so the dtypes do not match; ...`

    ## Use instead
    Cast what the body computes back to the carry's dtype (`new.astype(old.dtype)`), or build
    the init with the dtype the body computes (`jnp.asarray(x, jnp.float64)`); for a sharded
    carry, make the init vary over the same mesh axes (`jax.lax.pcast(..., to='varying')`).
    """

    CODE = "SCN312"
    NAME = "measured-carry-type-change"
    MESSAGE = "`{loop}` body returned a carry of other types than its input"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
