"""Run Python snippets under JAX in one process and report, per snippet, what it raised and
what its symptom expression says.

Importing jax costs a second or two per process, so the tests hand every snippet to one run
of this script: each snippet executes in a fresh namespace, with its printed output captured.

    python tests/jax_runner.py < snippets.json > outcomes.json

JAX's configuration (`jax.config`) is put back after each snippet, so one that turns on
`jax_enable_x64` changes no other.

Input: a list of {"id", "code", "symptom"} (symptom: an expression evaluated in the snippet's
namespace after it ran, with `printed` bound to its output; may be null). Output: {id:
{"error": exception type or null, "message": its text, "symptom": the expression's truth or
null}}.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import types
import warnings
import process_groups


def run_one(code: str, symptom: str | None) -> dict:
    import jax

    settings = dict(jax.config.values)  # a snippet may turn on jax_enable_x64: put it back
    try:
        return _run_one(code, symptom)
    finally:
        for name, value in jax.config.values.items():
            if settings.get(name, value) != value:
                jax.config.update(name, settings[name])


def _run_one(code: str, symptom: str | None) -> dict:
    # A module of its own in sys.modules: `dataclasses` looks a class's module up there.
    module = types.ModuleType("__snippet__")
    sys.modules[module.__name__] = module
    namespace = module.__dict__
    printed = io.StringIO()
    outcome: dict = {"error": None, "message": "", "symptom": None}
    try:
        with contextlib.redirect_stdout(printed), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(code, "<snippet>", "exec"), namespace)  # noqa: S102 - our own snippets
            if symptom:
                namespace["printed"] = printed.getvalue()
                outcome["symptom"] = bool(eval(symptom, namespace))  # noqa: S307
    except Exception as error:  # the point: report what the snippet raised
        outcome["error"] = type(error).__name__
        outcome["message"] = str(error)
    return outcome


def main() -> int:
    import jax  # noqa: F401 - imported once, before the first snippet

    snippets = json.load(sys.stdin)
    json.dump({s["id"]: run_one(s["code"], s.get("symptom")) for s in snippets}, sys.stdout)
    return 0


def run_snippets(snippets: list[dict], timeout: int = 600) -> dict:
    """Run ``snippets`` in one subprocess (CPU only); {id: outcome}."""
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    result = process_groups.run([sys.executable, __file__], input=json.dumps(snippets),
                                capture_output=True, text=True, timeout=timeout, env=env)
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-3000:])
    return json.loads(result.stdout)


if __name__ == "__main__":
    sys.exit(main())
