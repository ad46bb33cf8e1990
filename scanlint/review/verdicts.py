"""The `scanlint verify` verdict on a file's unsafe fixes, as one line for a review comment.

The only module of the bot that touches verify, and only through its public surface:
`scanlint.verify.cli.verify_fixes` (with its `Subject`) and the `VerifyReport` it returns
(`proven`, `functions` with `name` and `status`) and `unverified_reason`; if that surface
changes, this is the file to follow it in.
"""

from __future__ import annotations

from scanlint.core.diagnostic import Diagnostic
from scanlint.core.settings import Settings


def unsafe_paths(diagnostics: list[Diagnostic]) -> list[str]:
    """The files with a finding whose fix is unsafe, in order."""
    return list(dict.fromkeys(d.path for d in diagnostics
                              if d.fix is not None and d.fix.applicability != "safe"))


def verify_unsafe(paths: list[str], settings: Settings, pytest_args: str | None
                  ) -> dict[str, str]:
    """Path -> the verdict on the file with all its fixes applied (unsafe ones included), run
    as `scanlint check --fix --unsafe-fixes --verify [--pytest ARGS]` would, without writing."""
    from scanlint.cli import fixed_source
    from scanlint.engine.check import check_file
    from scanlint.source.notebook import runnable_text
    from scanlint.verify.cli import Subject, verify_fixes

    subjects = []
    for path in paths:
        result = check_file(path, settings, fix=True, unsafe=True)
        if result.fixed_text is not None and result.source is not None:
            subjects.append(Subject(path, runnable_text(result.source),
                                    runnable_text(fixed_source(result))))
    if not subjects:
        return {}
    reports = verify_fixes(subjects, settings, pytest_args)
    return {path: verdict_line(report) for path, report in reports.items()}


def verdict_line(report) -> str:
    """`proven (identical|agrees)`, or why not: the functions whose changed code did not all
    run in calls that compared equal, or that differed."""
    from scanlint.verify.cli import unverified_reason

    if report.proven:
        functions = ", ".join(f"`{f.name}`: {f.status}" for f in report.functions)
        scope = ("with equal jaxprs, so for every input of those shapes" if
                 report.strength == "identical" else "on the calls the tests made")
        return (f"proven ({report.strength}): every changed expression ran, in both versions, "
                f"in calls that gave bit-identical results and left the same effects, {scope} "
                f"({functions})")
    return f"not proven: {unverified_reason(report)}"
