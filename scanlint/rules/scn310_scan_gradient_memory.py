from scanlint.rules import Rule


class ScanGradientMemory(Rule):
    """
    ## What it does
    Reported by `scanlint measure --pytest ARGS`, never by `scanlint check`: a `lax.scan`
    (or a `fori_loop` jax runs as one) whose gradient, in a function the tests compiled, keeps
    per-step values for its reverse pass (the residuals: one slice per step, stacked) of at
    least 4 MiB and at least twice its stacked carry, where tracing the same function again
    with the scanned body under `jax.checkpoint` cut the compiled gradient's temporary memory
    (XLA's `memory_analysis()`) to half or less. The message gives the bytes kept, the steps,
    the largest residual's type, and the compiled temporary memory both ways.

    ## Why is this bad?
    Reverse mode keeps, for every step, what the body's backward pass reads: a layer stack's
    hidden activations, an integrator's intermediate states. It grows with the steps and
    the body's width and runs out of accelerator memory on long scans. `jax.checkpoint` on
    the body keeps only each step's carry and recomputes the rest during the backward pass
    (about one more forward pass of the body).

    ## Example
    `model.py:30:5: SCN310 the gradient of this `scan` keeps 38.1 MB of per-step values for
    its reverse pass (48 steps; the largest f32[48,32,1024]) in `loss`, tests/test_model.py::
    test_grad; with its body under `jax.checkpoint` the compiled gradient's temporary memory
    was 1.2 MB instead of 38.9 MB (32x less), ...`

    ## Use instead
    `lax.scan(jax.checkpoint(body), init, xs)`, or a `checkpoint_policies` policy that saves
    the cheap-to-keep values (`jax.checkpoint(body, policy=...)`); `nnx.remat` in Flax NNX.
    A scan whose residuals fit is not reported, nor one inside a `jax.checkpoint` (a
    chunked simulation: an outer scan over checkpointed chunks, whose inner scans keep
    their residuals only while a chunk is recomputed).
    """

    CODE = "SCN310"
    NAME = "scan-gradient-memory"
    MESSAGE = "the gradient of this `scan` keeps {bytes} of per-step values for its reverse pass"
    SYSTEM = True  # found by running the tests (scanlint measure), not by a check of the file
