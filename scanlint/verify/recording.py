"""One pytest run that records the calls a project's tests make to the functions being
verified (scanlint's side: no jax, no user code here; `recorder.py` is the plugin inside).

The run is `python -m pytest -p scanlint.verify.recorder -p no:cacheprovider ARGS`, from the
project root, with the working-tree code, in its own process group with a timeout. Its
failures are a warning: the calls it made are what counts.
"""

from __future__ import annotations

import glob
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field

from scanlint.verify.loading import ModuleLocation, subprocess_env
from scanlint.verify.plan import LOCALS, Entry
from scanlint.verify.runner import last_lines, start_process, wait

EXIT_NO_TESTS = 5  # pytest's "no tests collected"
SHOWN_REASONS = 2  # why calls were not recorded: the most frequent, then a count


@dataclass(frozen=True)
class Target:
    """A module, the functions (qualified names) whose calls are recorded, and the changed
    lines of the module as it is on disk (the defs inside the functions that hold them are
    recorded too)."""

    location: ModuleLocation
    functions: tuple[str, ...]
    lines: tuple[int, ...] = ()


@dataclass
class Recording:
    logs: dict[tuple[str, str], dict] = field(default_factory=dict)  # (module, qualname)
    imported: set[str] = field(default_factory=set)
    sys_path: tuple[str, ...] = ()
    root: str = ""
    warnings: list[str] = field(default_factory=list)
    error: str | None = None

    def entries(self, location: ModuleLocation, functions: list[str]) -> dict[str, list[Entry]]:
        """Function -> its recorded calls as entries, those of the functions defined inside it
        too (each with the object it is reached through), or one entry saying why there are
        none."""
        found = {}
        # Methods the tests called on instances of a class with changed methods (an inherited
        # `step` included) run that class's code: their calls go with its first changed one.
        first = {}
        for qualname in sorted(functions):
            if "." in qualname and LOCALS not in qualname:
                first.setdefault(qualname.split(".")[0], qualname)
        for qualname in functions:
            found[qualname] = []
            for (module, name), log in sorted(self.logs.items()):
                on_instance = (name not in functions and LOCALS not in name
                               and first.get(name.split(".")[0]) == qualname)
                if module == location.name and (name == qualname or on_instance
                                                or name.startswith(qualname + LOCALS)):
                    found[qualname] += [
                        Entry(label, function=qualname, recorded=call["data"],
                              config=tuple(sorted(call["config"].items())),
                              reach=json.dumps(call["reach"]) if call.get("reach") else None)
                        for label, call in labelled(name, log["calls"])]
            if not found[qualname]:
                found[qualname] = [Entry(qualname, function=qualname,
                                         reason=self.reason(location.name, qualname))]
        return found

    def reason(self, module: str, qualname: str) -> str:
        logs = self.family(module, qualname)
        if module not in self.imported:
            return f"the tests never imported {module}"
        if not any(log["seen"] for _, log in logs):
            return "no test called it"
        return "no call could be recorded: " + "; ".join(self.tallies(module, qualname))

    def family(self, module: str, qualname: str) -> list[tuple[str, dict]]:
        """The logs of the function and of the functions defined inside it."""
        return sorted((name, log) for (other, name), log in self.logs.items()
                      if other == module and (name == qualname or
                                              name.startswith(qualname + LOCALS)))

    def tallies(self, module: str, qualname: str) -> list[str]:
        """How its calls fared (`3 calls: 2 recorded, ...`), and those of the functions defined
        inside it that the tests called directly (not only while jax traced them)."""
        return [(f"{name.split(LOCALS)[-1]}: " if name != qualname else "") + tally(log)
                for name, log in self.family(module, qualname)
                if log["seen"] and (name == qualname or log["calls"] or log["unrecordable"])]


def labelled(qualname: str, calls: list[dict]) -> list[tuple[str, dict]]:
    """`name [test id]`, numbered when one test made several distinct calls; a function
    defined inside another as `outer/inner`."""
    counts: dict[str, int] = {}
    out = []
    name = qualname.replace(LOCALS, "/")
    for call in calls:
        counts[call["test"]] = counts.get(call["test"], 0) + 1
        number = counts[call["test"]]
        out.append((f"{name} [{call['test']}]" + (f" #{number}" if number > 1 else ""), call))
    return out


def tally(log: dict) -> str:
    """`12 calls: 5 recorded, 4 duplicates, 2 with traced values, ...`"""
    parts = [f"{len(log['calls'])} recorded"]
    for key, text in (("duplicates", "duplicates"), ("traced", "with traced values "
                      "(inside jit, grad or vmap)"), ("raised", "raised"),
                      ("over_cap", "over the cap")):
        if log[key]:
            parts.append(f"{log[key]} {text}")
    reasons = sorted(log["unrecordable"].items(), key=lambda item: -item[1])
    for why, count in reasons[:SHOWN_REASONS]:
        parts.append(f"{count} not recordable ({why})")
    others = sum(count for _, count in reasons[SHOWN_REASONS:])
    if others:
        parts.append(f"{others} not recordable for {len(reasons) - SHOWN_REASONS} other reasons")
    return f"{log['seen']} call{'s' if log['seen'] != 1 else ''}: {', '.join(parts)}"


def record(targets: list[Target], pytest_args: list[str], root: str, timeout: float,
           max_calls: int) -> Recording:
    """Run the tests once, recording the calls of every target's functions."""
    targets = [t for t in targets if t.functions]
    if not targets:
        return Recording(root=root)
    with tempfile.TemporaryDirectory(prefix="scanlint-record-") as folder:
        request = {"modules": [{"location": asdict(t.location), "functions": list(t.functions),
                                "lines": list(t.lines)}
                               for t in targets],
                   "max_calls": max_calls, "output": folder}
        request_path = os.path.join(folder, "request.json")
        with open(request_path, "w", encoding="utf-8") as out:
            json.dump(request, out)
        env = subprocess_env([t.location.import_root for t in targets])
        env["SCANLINT_RECORD"] = request_path
        command = [sys.executable, "-m", "pytest", "-p", "scanlint.verify.recorder",
                   "-p", "no:cacheprovider", *pytest_args]
        output = wait(start_process(command, root, env), timeout)
        if output is None:
            return Recording(root=root, error=f"the test run timed out after {timeout:g} s")
        written = []
        for path in sorted(glob.glob(os.path.join(folder, "record-*.json"))):
            with open(path, encoding="utf-8") as handle:
                written.append(json.load(handle))
    if not written:
        return Recording(root=root, error="the test run did not finish: " + last_lines(output))
    return merged(written, root, max_calls)


def merged(written: list[dict], root: str, max_calls: int) -> Recording:
    """One recording from what each pytest process wrote (several with pytest-xdist)."""
    recording = Recording(root=root)
    seen_paths: dict[str, None] = {}
    for part in written:
        recording.imported |= set(part["imported"])
        seen_paths.update(dict.fromkeys(part["sys_path"]))
        for key, log in part["functions"].items():
            module, _, qualname = key.partition(":")
            recording.logs[(module, qualname)] = combined(
                recording.logs.get((module, qualname)), log, max_calls)
        warning = outcome_warning(part)
        if warning and warning not in recording.warnings:
            recording.warnings.append(warning)
    recording.sys_path = tuple(seen_paths)
    return recording


def combined(total: dict | None, log: dict, max_calls: int) -> dict:
    """Two processes' logs of one function: counts added, and of the distinct calls the
    ``max_calls`` whose content hashes lowest, as each process chose them."""
    if total is None:
        return log
    for key in ("seen", "duplicates", "traced", "raised", "over_cap"):
        total[key] += log[key]
    for why, count in log["unrecordable"].items():
        total["unrecordable"][why] = total["unrecordable"].get(why, 0) + count
    both = total["calls"] + log["calls"]
    distinct: dict[str, dict] = {}
    for call in both:
        distinct.setdefault(call["digest"], call)
    kept = sorted(distinct)[:max_calls]
    total["duplicates"] += len(both) - len(distinct)
    total["over_cap"] += len(distinct) - len(kept)
    total["calls"] = [distinct[digest] for digest in kept]
    return total


def outcome_warning(part: dict, used: str = "the calls it made are used") -> str | None:
    status = part["exitstatus"]
    if status == 0:
        return None
    if status == EXIT_NO_TESTS:
        return "the test run collected no tests"
    return (f"the test run did not pass (pytest exit {status}, {part['failed']} failed of "
            f"{part['collected']} collected); {used} all the same")
