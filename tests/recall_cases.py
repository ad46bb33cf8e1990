"""The recall cases (tests/recall/<set>/*.py): one runnable program per file, with a header
saying where the mistake was reported, which rules it is for and what JAX does with it
(tests/recall/README.md). Loaded by the tests and by benchmarks/recall.py."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recall")
# The sets, in the order they were written.
CASE_SETS = ("recall", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6",
             "holdout7")
KINDS = ("mistake", "lookalike")
REQUIRED = ("case", "source", "kind", "rules", "jax")
# `expect` and `mistake`: the shared recall format's own lines (../shared/recall/README.md),
# which the sets written for issue 32 start with.
KNOWN = (*REQUIRED, "pair", "visible", "note", "expect", "mistake")


class CaseError(ValueError):
    """A case file whose header is missing a key or says something it cannot."""


@dataclass(frozen=True)
class Program:
    id: str
    source: str
    kind: str  # "mistake" | "lookalike"
    rules: tuple[str, ...]  # ("none",) when no rule claims the mistake
    raises: str | None  # the error's text, for a mistake JAX rejects
    symptom: str | None  # an expression, true for a mistake that misbehaves
    code: str  # the whole file
    path: str
    pair: str | None = None
    visible: bool = True
    note: str = ""

    shared: bool = False  # in the shared recall format: `main()` shows the mistake

    @property
    def is_mistake(self) -> bool:
        return self.kind == "mistake"

    @property
    def runnable(self) -> str:
        """The program as JAX runs it: a case in the shared format (`# expect:` first, a
        zero-argument `main()` run under `if __name__ == "__main__"`) has `main()` called,
        its value bound to `RESULT` (what its symptom reads)."""
        return self.code + "\nRESULT = main()\n" if self.shared else self.code


def header(text: str) -> dict[str, str]:
    """The `# key: value` lines at the top of ``text``; `#   ` lines continue a value."""
    found: dict[str, str] = {}
    last = None
    for line in text.splitlines():
        if line.startswith("#   ") and last is not None:
            found[last] += " " + line[4:].strip()
        elif line.startswith("# ") and ":" in line:
            key, _, value = line[2:].partition(":")
            last = key.strip()
            found[last] = value.strip()
        else:
            break
    return found


def load_program(path: str) -> Program:
    with open(path, encoding="utf-8") as handle:
        code = handle.read()
    fields = header(code)
    name = os.path.splitext(os.path.basename(path))[0]
    missing = [key for key in REQUIRED if key not in fields]
    unknown = [key for key in fields if key not in KNOWN and not _BY_RELEASE.fullmatch(key)]
    if missing or unknown:
        raise CaseError(f"{path}: header lacks {missing}, or has unknown keys {unknown}")
    if fields["case"] != name or fields["kind"] not in KINDS:
        raise CaseError(f"{path}: case {fields['case']!r} or kind {fields['kind']!r} is off")
    how, _, what = for_installed_releases(fields, path).partition(" ")
    if how not in ("raises", "symptom", "runs") or (how == "runs") == bool(what):
        raise CaseError(f"{path}: `jax: {fields['jax']}` is not raises/symptom/runs")
    if how == "raises" and fields["kind"] == "lookalike":
        raise CaseError(f"{path}: a look-alike must run")
    return Program(
        id=name, source=fields["source"], kind=fields["kind"],
        rules=tuple(code.strip() for code in fields["rules"].split(",")),
        raises=what if how == "raises" else None, symptom=what if how == "symptom" else None,
        code=code, path=path, pair=fields.get("pair"),
        visible=fields.get("visible", "yes") != "no", note=fields.get("note", ""),
        shared="expect" in fields)


# `jax[REQUIREMENT]: ...` states what JAX does where the installed releases meet REQUIREMENT
# (`jax[jax>=0.12]`, `jax[flax<0.11]`), when that differs from `jax`: an error's text changes.
_BY_RELEASE = re.compile(r"jax\[(.+)\]")


def for_installed_releases(fields: dict[str, str], path: str) -> str:
    """The header's `jax` value for the releases installed here."""
    met = [value for key, value in fields.items()
           if (found := _BY_RELEASE.fullmatch(key)) and _installed_meets(found[1], path)]
    if len(met) > 1:
        raise CaseError(f"{path}: the installed releases meet more than one `jax[...]` key")
    return met[0] if met else fields["jax"]


def _installed_meets(requirement: str, path: str) -> bool:
    from packaging.requirements import InvalidRequirement
    from releases import installed_meets

    try:
        return installed_meets(requirement)
    except InvalidRequirement as error:
        raise CaseError(f"{path}: `jax[{requirement}]`: {error}") from None


def load_set(name: str) -> list[Program]:
    """Every program of one set, in the order of their file names."""
    if name not in CASE_SETS:
        raise KeyError(name)
    folder = os.path.join(HERE, name)
    return [load_program(os.path.join(folder, entry)) for entry in sorted(os.listdir(folder))
            if entry.endswith(".py")]
