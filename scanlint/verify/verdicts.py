"""A verdict per changed function from the replayed calls' verdicts and the lines they ran:
"identical" only where every changed line of the function ran, in both versions, in calls
that compared equal (outputs and everything they left behind). Pure functions over data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scanlint.verify.changes import MODULE_LEVEL, Changes, Required, spans
from scanlint.verify.compare import Verdict

PASSING = ("identical", "covered")
ORDER = ("differs", "failed", "identical", "covered", "not exercised")


@dataclass
class FunctionVerdict:
    name: str
    status: str  # differs, failed, identical, covered (through other calls), not exercised
    details: list[str] = field(default_factory=list)  # why, in words
    calls: list[str] = field(default_factory=list)  # how its calls fared in the test run
    # The changed lines that ran in both versions and those that did not, per version, as
    # spans (`12-15, 18`), for the text and JSON outputs.
    ran: dict[str, str] = field(default_factory=dict)
    not_run: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportRun:
    """The two versions' imports, as a run that may vouch: the lines each ran, and whether
    the module's data after it compared equal (None: it cannot be compared)."""

    ran: tuple[frozenset, frozenset]
    equal: bool | None
    difference: str | None = None


def vouched(verdicts: list[Verdict], imported: ImportRun | None) -> tuple[set, set]:
    """The (line, in a lambda) events of the runs that compared equal, per version."""
    found: tuple[set, set] = (set(), set())
    for verdict in verdicts:
        if verdict.status == "identical":
            for version in (0, 1):
                found[version].update(tuple(line) for line in verdict.ran[version])
    if imported is not None and imported.equal:
        for version in (0, 1):
            found[version].update(imported.ran[version])
    return found


def ran(required: Required, events: set) -> bool:
    """A line ran if code on it ran; a line defining a lambda, if the lambda itself ran."""
    return (required.line, True) in events or (
        not required.in_lambda and (required.line, False) in events)


def function_verdicts(functions: list[str], verdicts: list[Verdict], changes: Changes,
                      imported: ImportRun | None, tallies: dict[str, list[str]],
                      spans_of: dict[str, tuple[set, set]]) -> list[FunctionVerdict]:
    """One verdict per changed function (and one for the module level when lines there
    changed). ``spans_of``: each function's lines in each version, for functions that
    changed no line of their own (they use a changed name) and must have run at all."""
    events = vouched(verdicts, imported)
    names = list(functions) + ([MODULE_LEVEL] if MODULE_LEVEL in changes.owners() else [])
    found = [one_function(name, [v for v in verdicts if v.function == name], changes, events,
                          imported, tallies.get(name, []), spans_of.get(name, (set(), set())))
             for name in names]
    for verdict in found:
        if verdict.status == "covered":
            others = coverers(verdict.name, verdicts, changes)
            verdict.details.append(
                "its lines ran inside: " + ", ".join(f"{v.label} (identical)" for v in others)
                if others else "its lines ran when the module was imported (its own top-level "
                               "calls), and the module's data compared equal")
    return found


def coverers(name: str, verdicts: list[Verdict], changes: Changes) -> list[Verdict]:
    """The calls of other functions that compared equal and ran a changed line of ``name``."""
    required = changes.of(name)
    return [v for v in verdicts if v.status == "identical" and v.function != name and any(
        ran(r, {tuple(line) for line in v.ran[version]})
        for version in (0, 1) for r in required[version])]


def one_function(name: str, own: list[Verdict], changes: Changes, events: tuple[set, set],
                 imported: ImportRun | None, tallies: list[str],
                 lines: tuple[set, set]) -> FunctionVerdict:
    required = changes.of(name)
    missing = [[r for r in required[v] if not ran(r, events[v])] for v in (0, 1)]
    verdict = FunctionVerdict(name, "not exercised", calls=list(tallies))
    for version, key in ((0, "before"), (1, "after")):
        done = [r.line for r in required[version] if r not in missing[version]]
        if done:
            verdict.ran[key] = spans(done)
        if missing[version]:
            verdict.not_run[key] = spans([r.line for r in missing[version]])
    statuses = {v.status for v in own}
    if imported is not None and imported.equal is False and (name == MODULE_LEVEL or any(
            ran(r, imported.ran[v]) for v in (0, 1) for r in required[v])):
        statuses.add("differs")  # its changed lines ran in the import, whose data differs
        verdict.details.append(f"the module's data after its import differs: "
                               f"{imported.difference}")
    worst = next((s for s in ("differs", "failed") if s in statuses), None)
    if worst:
        verdict.status = worst
        verdict.details += [f"{v.label}: {d}" if v.label != name else d
                            for v in own if v.status == worst for d in v.details[:1]]
        return verdict
    if not any(required):  # it uses a changed name: it must have run at all
        exercised = all(events[v] and any(line in lines[v] for line, _ in events[v])
                        for v in (0, 1))
    else:
        exercised = not any(missing)
    if exercised:
        verdict.status = "identical" if "identical" in statuses else "covered"
        verdict.details.append(lines_sentence(required, "ran in both versions")
                               if any(required) else "it ran in calls that compared equal")
        return verdict
    verdict.details += [v.details[0] for v in own if v.details and v.status == "not exercised"
                        and v.details[0] not in verdict.details][:2]
    verdict.details.append(missing_sentence(missing) if any(required)
                           else "it did not run in a call that compared equal")
    return verdict


def lines_sentence(required: tuple[tuple[Required, ...], tuple[Required, ...]], end: str) -> str:
    after = [r.line for r in required[1]] or [r.line for r in required[0]]
    which = "" if required[1] else " (before the change)"
    return f"changed line{'s' if len(after) > 1 else ''} {spans(after)}{which} {end}"


def missing_sentence(missing: list[list[Required]]) -> str:
    """`the changed lines 12-15 in `reset` did not run` (the version after the change's
    numbering; the one before when only it has them)."""
    version = 1 if missing[1] else 0
    by_place: dict[str, list[int]] = {}
    for required in missing[version]:
        by_place.setdefault(required.where or MODULE_LEVEL, []).append(required.line)
    places = "; ".join(f"{spans(lines)} in `{where}`" if where != MODULE_LEVEL
                       else f"{spans(lines)} at module level" for where, lines in by_place.items())
    count = len(missing[version])
    when = "" if version == 1 else " (before the change)"
    return f"the changed line{'s' if count > 1 else ''} {places}{when} did not run in a call " \
           "that compared equal"
