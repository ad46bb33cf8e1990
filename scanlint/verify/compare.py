"""Comparing two runs' results: pure functions over the JSON the child writes."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field


@dataclass
class Verdict:
    label: str
    status: str  # "identical" | "differs" | "failed" | "not exercised" | "covered"
    details: list[str] = field(default_factory=list)
    function: str = ""  # the function the entry runs
    jaxpr_equal: bool | None = None
    hlo_equal: bool | None = None
    speed_ratio: float | None = None  # new per-call time / old
    compile_ratio: float | None = None
    compile_seconds: tuple[float, float] | None = None  # trace+compile, old and new
    # The module's lines each version ran in the modes that compared equal ([line, in a
    # lambda]): what this call vouches for. Empty when it vouches for nothing.
    ran: tuple[list, list] = ([], [])


def compare_trees(mode: str, old: dict, new: dict) -> list[str]:
    """Differences between two encoded output trees; empty when bit-identical."""
    if "error" in old or "error" in new:
        return []  # reported by the caller as a failure
    if old.get("static_floats") != new.get("static_floats"):
        traced = "after" if old.get("static_floats") else "before"
        return [f"{mode}: Python float arguments could be traced {traced} the change only"]
    if old["treedef"] != new["treedef"]:
        return [f"{mode}: pytree structure differs: {old['treedef']} vs {new['treedef']}"]
    found = []
    for a, b in zip(old["leaves"], new["leaves"]):
        where = f"{mode}: leaf {a['path'] or '(root)'}"
        if a.get("opaque") or b.get("opaque"):  # not a value: no bits (the mode cannot vouch)
            if a["type"] != b["type"]:
                found.append(f"{where}: a {a['type']} vs a {b['type']}")
            continue
        for key in ("dtype", "shape", "weak_type"):
            if a[key] != b[key]:
                found.append(f"{where}: {key} {a[key]} vs {b[key]}")
        if not found and a["bytes"] != b["bytes"]:
            found.append(f"{where}: values differ{numeric_difference(a, b)}")
    return found


def numeric_difference(a: dict, b: dict) -> str:
    """The largest absolute and relative difference, as a diagnostic only."""
    try:
        import numpy as np

        x = np.frombuffer(base64.b64decode(a["bytes"]), dtype=a["dtype"]).astype(np.float64)
        y = np.frombuffer(base64.b64decode(b["bytes"]), dtype=b["dtype"]).astype(np.float64)
        diff = np.abs(x - y)
        rel = diff / np.maximum(np.abs(x), np.finfo(np.float64).tiny)
        return f" (max abs diff {diff.max():.3g}, max rel diff {rel.max():.3g})"
    except Exception:
        return ""


def compare_entry(label: str, old: dict | None, new: dict | None, function: str = "") -> Verdict:
    """Bit for bit, per mode (jit, eager): the output, and what the call left in the objects
    it was given or reached. A mode in which both versions raise the same error (a function
    that cannot be jitted as called) is noted, not compared; a mode whose state cannot be
    compared vouches for nothing; at least one mode must have been compared in both."""
    if old is None or new is None:
        return Verdict(label, "failed", ["the entry did not run in both versions"], function)
    for version, result in (("before", old), ("after", new)):
        if "error" in result:
            return Verdict(label, "failed", [f"{version}: {result['error']}"], function)
    details, notes, vouching = [], [], []
    for mode in ("jit", "eager"):
        errors = [(version, result[mode]["error"]) for version, result
                  in (("before", old), ("after", new)) if "error" in result[mode]]
        if len(errors) == 2 and errors[0][1] == errors[1][1]:
            notes.append(f"{mode}: raises the same error in both versions: {errors[0][1]}")
            continue
        if errors:
            return Verdict(label, "failed", [f"{version} ({mode}): {error}"
                                             for version, error in errors], function)
        found = compare_trees(mode, old[mode], new[mode]) + compare_states(
            mode, old[mode].get("state"), new[mode].get("state"))
        details += found
        blind = unseen(mode, old[mode], new[mode])
        if blind:
            notes.append(blind)
        elif not found:
            vouching.append(mode)
    if len(notes) == 2 and not details:
        raised = [n for n in notes if "raises the same error" in n]
        status = "failed" if len(raised) == 2 else "not exercised"
        return Verdict(label, status, [n for n in notes if n not in raised] + raised, function)
    status = "differs" if details else "identical" if vouching else "not exercised"
    verdict = Verdict(label, status, details + notes, function)
    if status == "identical":
        verdict.ran = tuple(sorted({tuple(line) for mode in vouching
                                    for line in result[mode].get("ran", [])})
                            for result in (old, new))
    verdict.jaxpr_equal = _equal(old.get("jaxpr"), new.get("jaxpr"))
    verdict.hlo_equal = _equal(old.get("hlo"), new.get("hlo"))
    if "bench" in old and "bench" in new and "error" not in old["bench"] \
            and "error" not in new["bench"]:
        verdict.speed_ratio = new["bench"]["per_call"] / old["bench"]["per_call"]
        verdict.compile_ratio = new["bench"]["compile"] / old["bench"]["compile"]
        verdict.compile_seconds = (old["bench"]["compile"], new["bench"]["compile"])
    return verdict


PARTS = ("the arguments", "the keyword arguments", "the object the function was reached through")


def compare_states(mode: str, old: dict | None, new: dict | None) -> list[str]:
    """Differences in what the call left behind: the object it was reached through as built,
    then the arguments and that object after the call (when the call changed them)."""
    from scanlint.verify.effects import difference

    if old is None or new is None:
        return []
    found = []
    built = difference(old["built"], new["built"], f"{PARTS[2]}, as built")
    if built:
        found.append(f"{mode}: {built}")
    if (old["changed"] is None) != (new["changed"] is None):
        which = "before" if new["changed"] is None else "after"
        found.append(f"{mode}: the call changes its arguments or its object only {which} the "
                     "change")
    elif old["changed"] is not None:
        for part, a, b in zip(PARTS, old["changed"][1], new["changed"][1]):
            changed = difference(a, b, f"{part}, after the call")
            if changed:
                found.append(f"{mode}: {changed}")
                break
    return found


def unseen(mode: str, old: dict, new: dict) -> str:
    """Why a mode that ran in both versions cannot vouch, or ''."""
    opaque = opaque_leaves(old, new)
    if opaque:
        return (f"{mode}: its output holds {opaque} values, which cannot be compared bit for "
                "bit (arrays, numbers and strings can)")
    hidden = sorted({*(old.get("state") or {}).get("opaque", ()),
                     *(new.get("state") or {}).get("opaque", ())})
    if hidden:
        return f"{mode}: what the call leaves behind cannot be compared ({hidden[0]})"
    return ""


def opaque_leaves(*outputs: dict) -> str:
    """The types of output leaves that are not values (functions, objects), if any."""
    types = {leaf["type"] for output in outputs
             for leaf in output.get("leaves", ()) if leaf.get("opaque")}
    return ", ".join(sorted(types))


def _equal(a: dict | None, b: dict | None) -> bool | None:
    if not a or not b or "error" in a or "error" in b:
        return None
    return a == b
