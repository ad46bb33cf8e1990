"""scanlint: a linter and codemod for the loops of JAX (lax.scan and its family)."""

__version__ = "0.2.0"

# Where each rule's documentation lives (docs/rules.md in the repository, one anchor a rule).
DOCS_URL = "https://github.com/scanlint/scanlint/blob/main/docs/rules.md"
