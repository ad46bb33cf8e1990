"""A verdict per changed function from the compared calls and the probes they reached. Pure
functions over data.

- **identical**: every probe of the function (the changed code of both versions) was reached
  in calls that compared equal, outputs and effects, and every such call's jaxprs are equal:
  the traced computation is the same for every input of those shapes and static values.
- **agrees**: the same, but some of those calls' jaxprs differ (or there is none: eager code
  Python decides on values): outputs and effects equal on the calls made, every changed
  expression executed there (a probe jax only traced counts only where the jaxprs are equal).
- **differs**: a call that reached its changed code computed or left behind something else.
- **not exercised**: some changed code never ran in a call that could vouch for it; the
  verdict names it and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scanlint.verify.compare import DIFFERS, Pair
from scanlint.verify.plan import NO_INPUTS
from scanlint.verify.probes import MODULE_LEVEL, Changes, Probe, spans

PASSING = ("identical", "agrees")
SHOWN_SIGNATURES = 3


@dataclass
class FunctionVerdict:
    name: str
    status: str  # identical, agrees, differs, failed, not exercised
    details: list[str] = field(default_factory=list)  # why, in words
    calls: list[str] = field(default_factory=list)  # how its calls fared
    covers: str = ""  # what the proof covers: signatures, static values, transformations
    # The changed lines reached in both versions and those not, per version (`12-15, 18`).
    ran: dict[str, str] = field(default_factory=dict)
    not_run: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Context:
    """What the verdicts are said against: the sessions' backend, the changed functions no
    planned call reaches (no inputs were given for them), the modules the runs imported."""

    backend: str | None = None
    unplanned: frozenset[str] = frozenset()
    module: str = ""
    imported: tuple[str, ...] = ()
    both: frozenset[str] = frozenset()  # functions both versions define
    pairs: dict = field(default_factory=dict)  # (test, label, seq) -> Pair


def satisfied(probe: Probe, version: int, pair: Pair, context: Context) -> str | None:
    """How ``pair`` vouches for ``probe`` ("executed" or "traced"), or None. A function both
    versions define is vouched for only by its own calls (or its closures'): a caller may drop
    what it returns; for one only a version has, its callers are what there is."""
    if probe.owner in context.both and not owned_by(pair.subject, probe.owner):
        return None
    executed, traced = pair.hits(version)
    if probe.id in executed:
        return "executed"
    if probe.id in traced and strong(pair, context):
        return "traced"
    return None


def owned_by(subject: str, owner: str) -> bool:
    return subject == owner or subject.startswith(owner + ".<locals>.")


def strong(pair: Pair, context: Context) -> bool:
    """Evidence for every input of the call's shapes and static values: equal jaxprs (for a
    call inside another, that call's), or the module's import (no inputs) compared equal."""
    if pair.outer is not None:
        outer = context.pairs.get((pair.test, *pair.outer))
        return outer is not None and strong(outer, context)
    return bool(pair.jaxpr_equal) or pair.kind == "import"


def touches(pair: Pair, probes: tuple[list[Probe], list[Probe]]) -> bool:
    return any(p.id in pair.hits(v)[0] or p.id in pair.hits(v)[1] or p.id in pair.blame[v]
               for v in (0, 1) for p in probes[v])


def function_verdicts(changes: Changes, pairs: list[Pair], context: Context
                      ) -> list[FunctionVerdict]:
    context = replace(context, both=changes.both,
                      pairs={(p.test, p.label, p.seq): p for p in pairs})
    return [one_function(owner, changes.of(owner), pairs, context) for owner in changes.owners()]


def one_function(name: str, probes: tuple[list[Probe], list[Probe]], pairs: list[Pair],
                 context: Context) -> FunctionVerdict:
    own = [pair for pair in pairs if touches(pair, probes)]
    verdict = FunctionVerdict(name, "not exercised", calls=tally(own))
    differing = [pair for pair in own if pair.status == DIFFERS and not pair.inputs_differ]
    if differing:
        verdict.status = "differs"
        verdict.details = [f"{pair.name}: {pair.details[0]}" for pair in differing[:2]]
        return verdict
    proof = [pair for pair in own if pair.vouches]
    missing = ([], [])
    for version in (0, 1):
        for probe in probes[version]:
            if not any(satisfied(probe, version, pair, context) for pair in proof):
                missing[version].append(probe)
    record_lines(verdict, probes, missing)
    if not any(missing):
        proven = all(strong(pair, context) for pair in proof if any(
            satisfied(p, v, pair, context) for v in (0, 1) for p in probes[v]))
        verdict.status = "identical" if proven else "agrees"
        verdict.covers = covers(proof, context)
        count = len(proof)
        verdict.details.append(
            ("jaxprs equal" if proven else f"on {count} call{'s' * (count != 1)}, jaxprs "
             "differ") + "; its changed code ran in both versions")
        return verdict
    verdict.details += reasons(missing, own, context, name)
    return verdict


def record_lines(verdict: FunctionVerdict, probes, missing) -> None:
    for version, key in ((0, "before"), (1, "after")):
        done = [p.line for p in probes[version] if p not in missing[version]]
        if done:
            verdict.ran[key] = spans(done)
        if missing[version]:
            verdict.not_run[key] = spans([p.line for p in missing[version]])


def reasons(missing, own: list[Pair], context: Context, name: str) -> list[str]:
    """Why the probes left did not count: never reached, only traced where the program never
    executed them, or reached only in calls that could not vouch."""
    version = 1 if missing[1] else 0
    when = "" if version == 1 else " (before the change)"
    said = []
    for probe in missing[version][:3]:
        reached = [pair for pair in own if probe.id in pair.hits(version)[0]
                   or probe.id in pair.hits(version)[1]]
        traced = [pair.hits(version)[1][probe.id] for pair in reached
                  if probe.id in pair.hits(version)[1]]
        blind = [pair for pair in reached if not pair.vouches]
        others = [pair for pair in reached if pair.vouches
                  and not owned_by(pair.subject, probe.owner)]
        if others and not blind:
            said.append(f"{probe.describe()}{when} ran only inside calls of other functions "
                        f"({others[0].name}), which do not show what `{probe.owner}` itself "
                        "returns; none of its own calls that compared equal ran it")
        elif blind:
            why = blind[0].blind or blind[0].status
            said.append(f"{probe.describe()}{when} ran only in calls that cannot vouch for it "
                        f"({blind[0].name}: {why})")
        elif traced:
            said.append(f"{probe.describe()}{when} was {traced[0]} but never executed, in "
                        "calls whose jaxprs differ")
        else:
            said.append(f"{probe.describe()}{when} did not run in a call that compared equal")
    more = len(missing[version]) - 3
    if more > 0:
        said.append(f"and {more} more changed place{'s' * (more != 1)}")
    if not own:
        said.insert(0, no_call_reason(context, name))
    return said


def no_call_reason(context: Context, name: str) -> str:
    if name in context.unplanned:
        return NO_INPUTS
    if context.module and context.module not in context.imported:
        return f"the runs never imported {context.module}"
    return "no call reached its changed code" if name != MODULE_LEVEL else \
        "the module's import did not run its changed code"


def tally(own: list[Pair]) -> list[str]:
    """`3 calls compared (2 tests), 1 not compared (over the cap)`."""
    if not own:
        return []
    counts: dict[str, int] = {}
    for pair in own:
        counts[pair.status] = counts.get(pair.status, 0) + 1
    tests = len({pair.test for pair in own})
    parts = [f"{n} {status}" for status, n in sorted(counts.items())]
    return [f"{len(own)} call{'s' * (len(own) != 1)} reached its changed code "
            f"({tests} test{'s' * (tests != 1)} or calls): {', '.join(parts)}"]


def covers(proof: list[Pair], context: Context) -> str:
    """What the proof covers: the shapes and static values, the transformations, the backend."""
    signatures = list(dict.fromkeys(
        (pair.new.get("jaxpr") or {}).get("signature") for pair in proof
        if (pair.new.get("jaxpr") or {}).get("signature") is not None))
    transforms = sorted({t for pair in proof for r in (pair.old, pair.new)
                         for t in r.get("transforms", ())}
                        | {pair.kind for pair in proof if pair.kind not in
                           ("function", "call", "import", "state", "traced", "nested")})
    parts = []
    if signatures:
        shown = "; ".join(signatures[:SHOWN_SIGNATURES])
        more = len(signatures) - SHOWN_SIGNATURES
        parts.append(f"inputs {shown}" + (f" and {more} more" if more > 0 else ""))
    parts.append("under " + ", ".join(transforms) if transforms else "called directly (no "
                 "jit, grad or vmap applied)")
    if context.backend:
        parts.append(f"on {context.backend}")
    return "; ".join(parts)
