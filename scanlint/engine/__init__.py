"""Checking one text and many files: the pipeline, noqa, deep code, the result cache, the
process pool, and `[tool.scanlint]`. Imports every layer below it."""
