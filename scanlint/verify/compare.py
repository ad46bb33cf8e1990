"""Two sessions' records compared call by call: pure functions over the logs.

Calls are aligned by the test that made them, the function (or transformation, or import)
called and their order in that test. A pair is *equal* when its inputs, its outcome (the
output, or the error raised) and everything it left behind are; it *vouches* for the code it
ran when nothing in it was beyond comparison. A pair that differs is checked against a second
run of the old version: if that differs from the first too, the pair is *flaky* (the code's
own nondeterminism), and decides nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scanlint.verify.effects import difference

EQUAL, DIFFERS, FLAKY, UNCOMPARED = "equal", "differs", "flaky", "not compared"


@dataclass
class Pair:
    """One call, as each version made it."""

    test: str
    label: str
    seq: int
    kind: str
    old: dict | None
    new: dict | None
    status: str = EQUAL
    details: list[str] = field(default_factory=list)
    blind: str = ""  # why an equal pair cannot vouch ("" when it can)
    inputs_differ: bool = False
    # A module's data after a test: the changed code the test's calls reached (each version),
    # to blame when it differs; and whether it differed after the test before already.
    blame: tuple[set, set] = (set(), set())
    inherited: bool = False

    @property
    def subject(self) -> str:
        """The function whose own behaviour the call shows ('' for a derivative of it)."""
        return (self.old or self.new).get("subject", "")

    @property
    def outer(self) -> tuple | None:
        """For a watched function called inside another call: that call's (label, seq)."""
        outer = (self.old or self.new).get("outer")
        return tuple(outer) if outer else None
    jaxpr_equal: bool | None = None
    hlo_equal: bool | None = None
    speed_ratio: float | None = None
    compile_ratio: float | None = None
    compile_seconds: tuple[float, float] | None = None

    @property
    def name(self) -> str:
        """`damped [tests/test_sim.py::test_damped_decays]` (`#2` for a test's second call)."""
        number = f" #{self.seq + 1}" if self.seq else ""
        if self.test.startswith("call ") and self.label == self.test[5:]:
            return self.label + number
        return f"{self.label} [{self.test}]{number}"

    @property
    def vouches(self) -> bool:
        return self.status == EQUAL and not self.blind

    def hits(self, version: int) -> tuple[set[int], dict]:
        record = (self.old, self.new)[version] or {}
        return set(record.get("executed", ())), {int(k): v for k, v in
                                                 record.get("traced", {}).items()}


def key(record: dict) -> tuple:
    return record["test"], record["label"], record["seq"]


def pair_logs(old: list[dict], new: list[dict], again: list[dict] | None = None) -> list[Pair]:
    """Every call either version made, compared; with ``again`` (a second run of the old
    version), the pairs that differ are told apart from the flaky ones."""
    olds, news = {key(r): r for r in old}, {key(r): r for r in new}
    repeat = {key(r): r for r in again} if again is not None else None
    pairs = []
    for k in dict.fromkeys([*olds, *news]):
        pair = Pair(*k, kind=(olds.get(k) or news.get(k))["kind"], old=olds.get(k),
                    new=news.get(k))
        judge(pair)
        if pair.status == DIFFERS and repeat is not None:
            rerun = Pair(*k, kind=pair.kind, old=olds.get(k), new=repeat.get(k))
            judge(rerun)
            steady = stable_differences(olds.get(k), repeat.get(k), news.get(k)) \
                if rerun.status != EQUAL else []
            if steady:  # flaky somewhere, but a part both old runs agree on changed
                pair.details = [f"{steady[0]} (where the old version's two runs agree; "
                                f"elsewhere they differ: {(rerun.details or ['?'])[0]})",
                                *pair.details]
            elif rerun.status != EQUAL:
                pair.status = FLAKY
                pair.details = [f"the old version's two runs differ too ("
                                f"{(rerun.details or ['?'])[0]}): the code's own "
                                "nondeterminism, which decides nothing", *pair.details]
        pairs.append(pair)
    blame_states(pairs)
    return pairs


# The parts of a call's record that hold what it computed and left behind.
_COMPARED_PARTS = ("output", "raised", "static", "values", "changed", "effects")


def stable_differences(old: dict | None, again: dict | None, new: dict | None) -> list[str]:
    """Where ``new`` differs from ``old`` at a place where ``old`` and ``again`` (the old
    version's second run) agree: a flaky call (a timestamp, a run id in its result) still
    shows a change in its steady part (a value it computed the same way twice)."""
    if old is None or again is None or new is None or \
            old.get("key") != new.get("key") or old.get("key") != again.get("key"):
        return []
    found = []
    for part in _COMPARED_PARTS:
        where_found = _masked(old.get(part), again.get(part), new.get(part), part)
        if where_found:
            found.append(where_found)
    return found


def _masked(a, again, b, path: str) -> str | None:
    if a == b:
        return None
    if a == again:
        return difference(a, b, path)
    if isinstance(a, list) and isinstance(again, list) and isinstance(b, list) and \
            len(a) == len(again) == len(b):
        for index, (x, y, z) in enumerate(zip(a, again, b)):
            found = _masked(x, y, z, f"{path}[{index}]")
            if found:
                return found
    return None  # unsteady here: the code's own nondeterminism


def blame_states(pairs: list[Pair]) -> None:
    """A module's data that differs after a test, and did not after the one before, is
    blamed on the changed code the test's calls reached."""
    reached: dict[str, tuple[set, set]] = {}
    for pair in pairs:
        if pair.kind != "state":
            hits = reached.setdefault(pair.test, (set(), set()))
            for version in (0, 1):
                executed, traced = pair.hits(version)
                hits[version].update(executed, traced)
    last: dict[str, str] = {}
    for pair in pairs:
        if pair.kind in ("state", "import"):
            module = pair.label.split(" ", 2)[-1]
            before, last[module] = last.get(module), pair.status
            if pair.kind == "state" and pair.status == DIFFERS:
                pair.inherited = before == DIFFERS
                if not pair.inherited:
                    pair.blame = reached.get(pair.test, (set(), set()))


def judge(pair: Pair) -> None:
    old, new = pair.old, pair.new
    if old is None or new is None:
        # A call inside another made in one version only (a renamed helper) decides nothing
        # by itself: the call around it is compared.
        pair.status = UNCOMPARED if pair.kind == "nested" else DIFFERS
        pair.details.append(f"made only {'after' if old is None else 'before'} the change")
        return
    if not (old.get("compared") and new.get("compared")):
        pair.status = UNCOMPARED
        pair.details.append("over the number of calls of one function compared")
        return
    pair.jaxpr_equal = same(old.get("jaxpr"), new.get("jaxpr"), "text", "consts")
    if pair.jaxpr_equal and any((record.get("jaxpr") or {}).get("host") for record in (old, new)):
        pair.jaxpr_equal = None  # equal text, but it does not show what the callbacks compute
    pair.hlo_equal = same((old.get("jaxpr") or {}).get("hlo"), (new.get("jaxpr") or {}).get("hlo"),
                          "text")
    timings(pair)
    found = differences(old, new)
    if old.get("key") != new.get("key"):
        pair.inputs_differ = True
        found.insert(0, "its inputs differ (an earlier difference in the test, or input the "
                        "test made anew)")
    if found and pair.kind == "nested" and "<locals>" in pair.subject:
        # A function local to another (a scan's step) may change its own interface with it:
        # the call around it is what is compared.
        pair.status = UNCOMPARED
        pair.details.append(f"a local function whose own calls changed ({found[0]}); the call "
                            "around it is compared")
        return
    if found:
        pair.status, pair.details = DIFFERS, found
        return
    opaque = sorted({*old.get("opaque", ()), *new.get("opaque", ())})
    if opaque:
        pair.blind = f"a value cannot be compared: {opaque[0]}"
    elif pair.kind == "traced" and not pair.jaxpr_equal:
        pair.blind = ("it was called inside a transformation the caller applied, with traced "
                      "values, and its jaxprs differ (or could not be made)")


def differences(old: dict, new: dict) -> list[str]:
    """What differs between two versions' records of one call, in words."""
    found = []
    if "error" in old or "error" in new:
        if old.get("error") != new.get("error"):
            which = "before" if "error" not in new else "after" if "error" not in old else None
            found.append(f"raises {old.get('error') or new.get('error')} {which} the change "
                         "only" if which else f"raises {old['error']} before the change, "
                         f"{new['error']} after")
        else:  # the same type and message: what else the error carries
            found += [f"what it raised (its arguments, notes, attributes): {d}" for d in [
                difference(old.get("raised"), new.get("raised"))] if d]
    elif "static" in old or "static" in new:  # a watched call inside a trace
        found += [f"output: {d}" for d in [difference(old.get("static"), new.get("static"))]
                  if d]
        ran = difference(["list", old.get("values", [])], ["list", new.get("values", [])])
        if ran or old.get("runs") != new.get("runs"):
            found.append(f"what it returned each time the program ran it: "
                         f"{ran or 'ran %s times vs %s' % (old.get('runs'), new.get('runs'))}")
    elif old.get("kind") != "traced":
        what = "the module's data" if old.get("kind") in ("state", "import") else "output"
        found += [f"{what}: {d}" for d in [difference(old.get("output"), new.get("output"))]
                  if d]
    if ("changed" in old) != ("changed" in new):
        found.append("changes its arguments, its object or its captured state only "
                     f"{'before' if 'changed' in old else 'after'} the change")
    elif "changed" in old:
        changed = difference(old["changed"], new["changed"])
        if changed:
            found.append(f"what it left in its arguments, object or captured state: "
                         f"{where(changed)}")
    effects = difference(old.get("effects", []), new.get("effects", []))
    if effects:
        found.append(f"its effects (prints, logs, callbacks, random state): {effects}")
    return found


PARTS = ("the arguments", "the keyword arguments", "the function's captured cells and defaults")


def where(text: str) -> str:
    """`[0][1].x: ...` (a path into [args, kwargs, captured]) in words."""
    for index, part in enumerate(PARTS):
        prefix = f"[{index}]"
        if text.startswith(prefix):
            return f"{part}{text[len(prefix):]}"
    return text


def same(a: dict | None, b: dict | None, *keys: str) -> bool | None:
    if not a or not b or "error" in a or "error" in b:
        return None
    return all(a.get(k) == b.get(k) for k in keys)


def timings(pair: Pair) -> None:
    a = (pair.old.get("jaxpr") or {}).get("bench") or {}
    b = (pair.new.get("jaxpr") or {}).get("bench") or {}
    if "per_call" in a and "per_call" in b:
        pair.speed_ratio = b["per_call"] / a["per_call"]
        pair.compile_ratio = b["compile"] / a["compile"]
        pair.compile_seconds = (a["compile"], b["compile"])
