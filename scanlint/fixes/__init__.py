"""Writing code: fixes from changed statements, applying fixes until stable, and the
codemods the rules offer (carry slots, scanning over xs, rolling loops under `jit`). Imports
core, prefilter and semantic."""
