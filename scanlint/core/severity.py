"""How serious each rule family's findings are: one definition for every output that grades
findings (the language server, SARIF, rdjson, GitLab, GitHub annotations).

- ``error``: SCN2xx, loop bodies JAX rejects or runs otherwise than they read, and SCN9xx,
  files scanlint could not read, parse or check;
- ``warning``: SCN0xx and SCN1xx (how a step is written and gets its constants) and SCN3xx
  (loops `jit` unrolls: slow to trace and compile, but correct).

The names are SARIF's levels; ``note`` is there for formats to map (LSP Information, GitLab
"info"), though no family uses it yet.
"""

from __future__ import annotations

from typing import Literal

Severity = Literal["error", "warning", "note"]

# Code prefix (`SCN` and the family's digit) -> severity.
FAMILY_SEVERITIES: dict[str, Severity] = {
    "SCN0": "warning",
    "SCN1": "warning",
    "SCN2": "error",
    "SCN3": "warning",
    "SCN9": "error",
}


def severity(code: str) -> Severity:
    """The severity of a finding with this code (a code of no known family: "warning")."""
    return FAMILY_SEVERITIES.get(code[:4].upper(), "warning")
