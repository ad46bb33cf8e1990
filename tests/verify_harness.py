"""Planted-change cases for `scanlint verify`, as data: one folder per case (the format the
blind sets are written in, tests/verify_cases/README.md), and running one.

    CASE/case.toml     expect ("planted" | "equivalent"), class, description, module, mode
                       ("pytest" | "call"), pytest or calls, witness; [verdict] optional
    CASE/project/      the project before the change (the module, its tests, ...)
    CASE/new/MODULE    the module after the change

Used by tests/test_verify_cases.py and benchmarks/verify_blind.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PASSING = ("identical", "agrees")


@dataclass(frozen=True)
class Case:
    name: str
    folder: Path
    expect: str  # planted | equivalent
    kind: str  # the class of shape
    module: str
    mode: str
    pytest: str = ""
    calls: tuple[str, ...] = ()
    witness: str = ""
    verdict: dict = field(default_factory=dict)


@dataclass
class Outcome:
    case: Case
    code: int
    functions: dict[str, dict]
    report: dict | None
    output: str

    @property
    def proven(self) -> bool:
        return self.code == 0

    @property
    def right(self) -> bool:
        """A planted change never proven; an equivalent rewrite proven."""
        return self.proven == (self.case.expect == "equivalent")


def load_cases(folder: Path) -> list[Case]:
    cases = []
    for path in sorted(folder.iterdir()):
        if not (path / "case.toml").is_file():
            continue
        data = tomllib.loads((path / "case.toml").read_text(encoding="utf-8"))
        cases.append(Case(path.name, path, data["expect"], data.get("class", ""),
                          data["module"], data.get("mode", "call"), data.get("pytest", ""),
                          tuple(data.get("calls", ())), data.get("witness", ""),
                          data.get("verdict", {})))
    return cases


def materialize(case: Case, where: Path) -> tuple[Path, Path, Path]:
    """(project with the new module in place, the old module's copy, the new module)."""
    project = where / "project"
    shutil.copytree(case.folder / "project", project)
    if not (project / "pyproject.toml").exists():
        (project / "pyproject.toml").write_text("")
    old = where / "old" / Path(case.module).name
    old.parent.mkdir()
    shutil.copy(project / case.module, old)
    shutil.copy(case.folder / "new" / case.module, project / case.module)
    return project, old, project / case.module


def run_case(case: Case, where: Path, timeout: float = 600) -> Outcome:
    project, old, new = materialize(case, where)
    command = [sys.executable, "-m", "scanlint", "verify", str(old), str(new),
               "--output-format", "json"]
    if case.mode == "pytest":
        command.append(f"--pytest={case.pytest or 'tests/'}")
    for call in case.calls:
        command += ["--call", call]
    done = subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        report = json.loads(done.stdout)["default"]
    except (ValueError, KeyError):
        report = None
    functions = {f["name"]: f for f in (report or {}).get("functions", [])}
    return Outcome(case, done.returncode, functions, report, done.stdout + done.stderr)


def witness_outputs(case: Case, where: Path) -> tuple[str, str]:
    """What the case's witness prints on the old and on the new version (it checks the case:
    a planted change must show)."""
    outputs = []
    for version in ("old", "new"):
        folder = where / f"witness-{version}"
        shutil.copytree(case.folder / "project", folder)
        if version == "new":
            shutil.copy(case.folder / "new" / case.module, folder / case.module)
        done = subprocess.run([sys.executable, "-c", case.witness], cwd=folder,
                              capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONPATH": str(folder)})
        outputs.append(done.stdout + done.stderr)
    return outputs[0], outputs[1]
