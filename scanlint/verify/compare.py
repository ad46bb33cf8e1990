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
    """Bit for bit, per mode (jit, eager). A mode in which both versions raise the same error
    (a function that cannot be jitted as called) is noted, not compared; at least one mode
    must have run in both."""
    if old is None or new is None:
        return Verdict(label, "failed", ["the entry did not run in both versions"], function)
    for version, result in (("before", old), ("after", new)):
        if "error" in result:
            return Verdict(label, "failed", [f"{version}: {result['error']}"], function)
    opaque = opaque_leaves(old, new)
    if opaque:
        return Verdict(label, "not exercised", [
            f"its output holds {opaque} values, which cannot be compared bit for bit (arrays, "
            "numbers and strings can)"], function)
    details, notes = [], []
    for mode in ("jit", "eager"):
        errors = [(version, result[mode]["error"]) for version, result
                  in (("before", old), ("after", new)) if "error" in result[mode]]
        if len(errors) == 2 and errors[0][1] == errors[1][1]:
            notes.append(f"{mode}: raises the same error in both versions: {errors[0][1]}")
        elif errors:
            return Verdict(label, "failed", [f"{version} ({mode}): {error}"
                                             for version, error in errors], function)
        else:
            details += compare_trees(mode, old[mode], new[mode])
    if len(notes) == 2:
        return Verdict(label, "failed", notes, function)
    verdict = Verdict(label, "differs" if details else "identical", details + notes, function)
    verdict.jaxpr_equal = _equal(old.get("jaxpr"), new.get("jaxpr"))
    verdict.hlo_equal = _equal(old.get("hlo"), new.get("hlo"))
    if "bench" in old and "bench" in new and "error" not in old["bench"] \
            and "error" not in new["bench"]:
        verdict.speed_ratio = new["bench"]["per_call"] / old["bench"]["per_call"]
        verdict.compile_ratio = new["bench"]["compile"] / old["bench"]["compile"]
        verdict.compile_seconds = (old["bench"]["compile"], new["bench"]["compile"])
    return verdict


def opaque_leaves(*results: dict) -> str:
    """The types of output leaves that are not values (functions, objects), if any."""
    types = {leaf["type"] for result in results for mode in ("jit", "eager")
             for leaf in result[mode].get("leaves", ()) if leaf.get("opaque")}
    return ", ".join(sorted(types))


def _equal(a: dict | None, b: dict | None) -> bool | None:
    if not a or not b or "error" in a or "error" in b:
        return None
    return a == b
