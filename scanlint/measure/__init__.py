"""`scanlint measure`: run the project's tests once under a pytest plugin that records what
every `jit` compile traced (equations per source line, loop trips, durations), and report
the loops and recompiles it measured as diagnostics (SCN304, SCN305, and the static SCN3xx
findings with their measured figures)."""
