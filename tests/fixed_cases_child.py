"""Runs inside a subprocess for test_fixed_cases.py: every rule case before and after its
fix, under jax.jit and eagerly, on the first of a few generic inputs the original accepts.

    python fixed_cases_child.py REQUEST.json RESULTS.jsonl PROGRESS CASE FUNCTION CANDIDATE

REQUEST: [{"id", "before", "after"}]. Appends to RESULTS one JSON line per case and
top-level function of the original: "identical", "differs: ...", "fails after: ..." or
"not run" (no input made the original run). Before each run it writes to PROGRESS which
(case, function, input, phase) runs, so that the parent can stop a loop that never ends (a
`while_loop` on an input it was not written for) and start again from the next input.
"""

import inspect
import itertools
import json
import sys

import jax
import jax.numpy as jnp
import numpy as np


def candidates(count: int) -> list[tuple]:
    """Generic inputs: all float vectors, all matrices, all small ints, all Python floats,
    then every mix of ints, floats and vectors (for up to four parameters; with matrices
    and functions, for up to three)."""
    def vector(i):
        return jnp.linspace(0.1 * (i + 1), 0.5 * (i + 2), 3)

    def matrix(i):
        return jnp.reshape(jnp.linspace(0.1 * (i + 1), 0.9, 9), (3, 3))

    def scalar(i):
        return 0.25 * (i + 1)

    def small_int(i):
        return 3

    def function(i):
        return jnp.tanh

    makers = (vector, matrix, small_int, scalar)
    found = [tuple(make(i) for i in range(count)) for make in makers]
    mixed = (small_int, scalar, vector) + ((matrix, function) if count <= 3 else ())
    if count <= 4:
        found += [tuple(make(i) for i, make in enumerate(mix))
                  for mix in itertools.product(mixed, repeat=count)]
    return found


def leaves(tree) -> list:
    flat, treedef = jax.tree_util.tree_flatten(tree)
    return [str(treedef)] + [(str(np.asarray(x).dtype), np.shape(x),
                              np.asarray(x).tobytes().hex()) for x in flat]


def run(function, args) -> dict:
    static = [i for i, arg in enumerate(args) if callable(arg)]  # functions cannot be traced
    jitted = jax.jit(function, static_argnums=static)
    return {mode: leaves((jitted if mode == "jit" else function)(*args))
            for mode in ("jit", "eager")}


def functions(source: str) -> dict:
    namespace: dict = {"__name__": "case"}
    exec(compile(source, "case.py", "exec"), namespace)
    return {name: value for name, value in namespace.items()
            if inspect.isfunction(value) and value.__module__ == "case"}


class Progress:
    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, case: int, function: int, candidate: int, phase: str) -> None:
        with open(self.path, "w", encoding="utf-8") as out:
            out.write(f"{case} {function} {candidate} {phase}")


def compare(before: str, after: str, start: tuple[int, int], progress):
    try:
        old = functions(before)
    except Exception:  # cases that show code JAX rejects may fail at import
        yield "<module>", "not run"
        return
    new = functions(after)
    verdicts = {}
    for number, (name, function) in enumerate(old.items()):
        if number < start[0] or name not in new:
            continue  # before the restart, or a module-level step moved into its caller
        params = [p for p in inspect.signature(function).parameters.values()
                  if p.default is inspect.Parameter.empty and p.kind in (
                      p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        verdicts[name] = "not run"
        for tried, args in enumerate(candidates(len(params))):
            if number == start[0] and tried < start[1]:
                continue
            progress(number, tried, "before")
            try:
                expected = run(function, args)
            except Exception:
                continue
            progress(number, tried, "after")
            try:
                got = run(new[name], args)
            except Exception as error:
                verdicts[name] = f"fails after: {type(error).__name__}: {str(error)[:300]}"
                break
            verdicts[name] = "identical" if got == expected else f"differs: {got} vs {expected}"
            break
        yield name, verdicts[name]


def main(request_path: str, results_path: str, progress_path: str, start_case: str,
         start_function: str, start_candidate: str) -> None:
    with open(request_path, encoding="utf-8") as handle:
        cases = json.load(handle)
    progress = Progress(progress_path)
    for number, case in enumerate(cases):
        if number < int(start_case):
            continue
        start = ((int(start_function), int(start_candidate)) if number == int(start_case)
                 else (0, 0))
        try:
            verdicts = list(compare(case["before"], case["after"], start,
                                    lambda f, c, phase: progress(number, f, c, phase)))
        except Exception as error:
            verdicts = [("<module>", f"fails: {type(error).__name__}: {error}")]
        with open(results_path, "a", encoding="utf-8") as out:
            for name, verdict in verdicts:
                out.write(json.dumps([case["id"], name, verdict]) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
