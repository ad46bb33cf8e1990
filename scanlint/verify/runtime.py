"""Inside a verify session: what the instrumented modules report while the tests (or the
calls) run, and the record of every call into them.

A *boundary* is a call into the verified modules from outside them (a test calling a
function, a method, a closure a factory returned, a `jax.jit`/`grad`/`vmap` of one, or a
module's import): its inputs are digested before it runs (to align the two versions' calls),
its output and everything it left behind are encoded after (the arguments and the function's
captured cells and defaults, what it printed or logged, what `jax.debug.callback`,
`jax.debug.print`, `io_callback` and `pure_callback` received, Python's and NumPy's global
random state), and the probes it reached are kept in two kinds:

- *executed*: Python ran the code (eagerly), or jax traced it and the compiled program then
  ran it: a probe reached while jax traces plants a `jax.debug.callback` at that point of the
  program, which fires only if the program executes that point (a `cond` branch taken, a
  `while_loop` body entered, a `scan` of at least one step). A `lax.cond`/`lax.switch`
  whose branches hold such a marker also reports which branch was selected, so that under
  `vmap` (where a batched `cond` runs both branches and selects) a branch no element selected
  does not count;
- *traced*: jax traced it (the marker's firing aside): enough where the two versions'
  jaxprs are equal, since then the traced program is the same for every input of the shapes.

Calls made inside a boundary pass straight through. Only this module and `session.py` hold
the session's state; `jaxprs.py` turns a boundary's call into its jaxpr afterwards, with the
probes silent (`quiet`).
"""

from __future__ import annotations

import atexit
import builtins
import functools
import hashlib
import io
import itertools
import json
import logging
import os
import random
import sys
import threading
import types
import warnings

from scanlint.verify.effects import LABEL, RAW, Encoder, digest
from scanlint.verify.jaxprs import Planted, describe
from scanlint.verify.probes import DEFAULT, FUNCTION, HIT, MODULE_LEVEL, USED_DEFAULT

COMPARED_PER_LABEL = 200  # calls of one function whose outputs are kept; later ones counted
MISSING = object()


class ProbeMarker(Planted):
    """A probe reached while jax traced: it counts where the program executes this point,
    for the boundary that runs it and, in the run that traced it, the calls around it."""

    def __init__(self, probe: int, branches: tuple, frames: tuple) -> None:
        self.probe, self.branches, self.frames = probe, branches, frames

    def __call__(self) -> None:
        session = SESSION
        if session is None or session.active is None:
            return
        for watch in (session.active, *self.frames):
            if watch is session.active or watch.outer is session.active:
                watch.fired.add((self.probe, self.branches))


class OutputMarker(Planted):
    """What a watched function called inside a trace returned, as the program computed it
    (each time it ran, up to a number)."""

    KEPT = 50

    def __init__(self, frame) -> None:
        self.frame = frame

    def __call__(self, *values) -> None:
        session, frame = SESSION, self.frame
        if session is None or frame.outer is not session.active:
            return
        frame.runs += 1
        if len(frame.values) < self.KEPT:
            frame.values.append(encode(session.names, list(values))[0])


class TakenMarker(Planted):
    """Which branch a `cond` (its predicate) or a `switch` (its index, clamped as jax
    clamps it) selected."""

    def __init__(self, cond: int, names: tuple, clamped: bool) -> None:
        self.cond, self.names, self.clamped = cond, names, clamped

    def __call__(self, selector) -> None:
        session = SESSION
        if session is None or session.active is None:
            return
        import numpy as np

        value = int(np.asarray(selector))
        index = min(max(value, 0), len(self.names) - 1) if self.clamped else int(bool(value))
        session.active.taken.add((self.cond, self.names[index]))


class Watch:
    """What a call reached: probes executed (eagerly, or planted and fired where every
    enclosing branch was selected), and those only traced."""

    def __init__(self) -> None:
        self.executed: set[int] = set()
        self.traced: dict[int, str] = {}
        self.fired: set[tuple[int, tuple]] = set()
        self.reached = False

    def taken_branches(self) -> set:
        return self.taken

    def hits(self) -> tuple[list[int], dict[int, str]]:
        taken = self.taken_branches()
        executed = set(self.executed)
        executed.update(probe for probe, branches in self.fired
                        if all(branch in taken for branch in branches))
        traced = {p: where for p, where in self.traced.items() if p not in executed}
        return sorted(executed), traced


class Boundary(Watch):
    """One call into the verified modules from outside them."""

    def __init__(self, label: str, kind: str, test: str, seq: int, compared: bool,
                 subject: str = "") -> None:
        super().__init__()
        self.label, self.kind, self.test, self.seq = label, kind, test, seq
        self.compared, self.subject = compared, subject
        self.taken: set[tuple[int, str]] = set()
        self.effects: list = []
        self.transforms: set[str] = set()
        self.nested: list[Frame] = []
        self.outer = self


class Frame(Watch):
    """A call, inside a boundary, of a function whose code changed or of one made inside it (its
    own calls are what vouch for it: a caller may drop what it returns)."""

    def __init__(self, label: str, seq: int, outer: Boundary, compared: bool) -> None:
        super().__init__()
        self.label, self.seq, self.outer, self.compared = label, seq, outer, compared
        self.record: dict = {}
        self.values: list = []  # a traced call's outputs, each time the program ran it
        self.runs = 0

    def taken_branches(self) -> set:
        return self.outer.taken

    def finished(self) -> dict:
        executed, traced = self.hits()
        record = {"test": self.outer.test, "label": self.label, "kind": "nested",
                  "seq": self.seq, "subject": self.label, "compared": self.compared,
                  "outer": [self.outer.label, self.outer.seq], "executed": executed,
                  "traced": traced, "effects": [], "opaque": [], **self.record}
        if "static" in record:
            record["values"] = self.values
            record["runs"] = self.runs
        return record


class Session:
    def __init__(self, modules: dict[str, list], max_jaxprs: int, options: dict) -> None:
        self.modules = modules  # name -> its probes (as dicts)
        self.names = set(modules)
        self.max_jaxprs = max_jaxprs
        self.options = options
        self.test = "(import)"
        self.records: list[dict] = []
        self.active: Boundary | None = None
        self.quiet = 0
        self.streams: tuple = ()  # sys.stdout, sys.stderr and their originals before a call
        self.seqs: dict[tuple[str, str], int] = {}
        self.compared: dict[str, int] = {}
        self.signatures: dict[str, set] = {}
        self.unattributed: set[int] = set()
        self.branch_stack = threading.local()
        self.conds = itertools.count(1)
        self.hit_conds: set[int] = set()
        self.defaults: dict[int, list] = {}
        self.frames: list[Frame] = []  # the watched calls running inside the boundary
        self.owners = {name: {p["owner"] for p in probes} for name, probes in modules.items()}

    # -- probes ----------------------------------------------------------------------------
    def hit(self, probe: int) -> None:
        if self.quiet:
            return
        watches = [self.active, *self.frames] if self.active is not None else []
        for watch in watches:
            watch.reached = True
        if in_trace():
            branches = tuple(getattr(self.branch_stack, "stack", ()))
            self.hit_conds.update(cond for cond, _ in branches)
            for watch in watches:
                watch.traced.setdefault(probe, describe_branches(branches))
            plant(ProbeMarker(probe, branches, tuple(self.frames)))
        elif watches:
            for watch in watches:
                watch.executed.add(probe)
        else:
            self.unattributed.add(probe)

    def in_branch(self, branch: tuple[int, str], function, args, kwargs):
        stack = getattr(self.branch_stack, "stack", None)
        if stack is None:
            stack = self.branch_stack.stack = []
        stack.append(branch)
        try:
            return function(*args, **kwargs)
        finally:
            stack.pop()

    # -- boundaries ------------------------------------------------------------------------
    def next_seq(self, test: str, label: str) -> int:
        self.seqs[(test, label)] = self.seqs.get((test, label), -1) + 1
        return self.seqs[(test, label)]

    def enter(self, label: str, kind: str, test: str | None = None,
              subject: str = "") -> Boundary:
        test = self.test if test is None else test
        compared = self.compared.get(label, 0) < COMPARED_PER_LABEL
        boundary = Boundary(label, kind, test, self.next_seq(test, label), compared, subject)
        self.active = boundary
        return boundary

    def nested(self, label: str, function, args: tuple, kwargs: dict):
        """A watched function called inside a boundary: its own inputs, outputs and what it
        left behind; called inside a trace, its outputs as the program computes them."""
        outer = self.active
        frame = Frame(label, self.next_seq(outer.test, label), outer,
                      self.compared.get(label, 0) < COMPARED_PER_LABEL)
        outer.nested.append(frame)
        traced = holds_tracer((args, kwargs))
        before = self.encode_inputs(args, kwargs, function) if frame.compared and not traced \
            else None
        self.frames.append(frame)
        try:
            result = function(*args, **kwargs)
        except BaseException as error:
            frame.record["error"] = describe(error)
            raise
        finally:
            self.frames.remove(frame)
        if not frame.compared:
            return result
        self.compared[label] = self.compared.get(label, 0) + 1
        if traced:
            frame.record.update(self.traced_outputs(frame, args, kwargs, result))
            return result
        after = self.encode_inputs(args, kwargs, function)
        frame.record.update(key=before["digest"], output=encode(self.names, result)[0])
        if after["digest"] != before["digest"]:
            frame.record["changed"] = after["state"]
        return result

    def traced_outputs(self, frame: Frame, args, kwargs, result) -> dict:
        """The output's structure and static leaves now; its arrays when the program runs."""
        import jax

        from scanlint.verify.jaxprs import StaticSplit

        leaves, treedef = jax.tree_util.tree_flatten(result)
        is_array = [isinstance(leaf, (jax.Array, jax.core.Tracer)) for leaf in leaves]
        arrays = [leaf for leaf, array in zip(leaves, is_array) if array]
        # (an array's abstract type now, weak type included: the values, compared when the
        # program runs, do not show a weak `jnp.asarray(0.5)` made a strong `float32(0.5)`)
        static = [_abstract(leaf) if array else encode(self.names, leaf)[0]
                  for leaf, array in zip(leaves, is_array)]
        if arrays:
            plant(OutputMarker(frame), *arrays)
        return {"key": digest(StaticSplit(lambda *a, **k: None, args, kwargs).signature()),
                "static": [str(treedef), static]}

    def call(self, label: str, kind: str, function, args: tuple, kwargs: dict,
             raw=None, jaxpr_of=None, subject: str = ""):
        """Run ``function(*args, **kwargs)`` as a boundary and record it. ``raw``: the module's
        own function (its captured cells and defaults are its state); ``jaxpr_of``: what to
        trace for the jaxpr. A jax transformation's inputs are read after the call (it does
        not change them, and most such calls never reach the modules)."""
        if holds_tracer((args, kwargs)):
            kind = "traced"
        boundary = self.enter(label, kind, subject=subject)
        if self.options.get("perturb") is not None and kind != "traced":
            args, kwargs = perturbed(args, kwargs, self.options["perturb"], boundary)
        mutable = kind in ("function", "call")
        before = self.encode_inputs(args, kwargs, raw) if boundary.compared and mutable \
            else None
        process = process_state() if boundary.compared else None
        streams = sys.stdout, sys.stderr
        # (the interpreter's own streams too: `sys.__stderr__.write(...)` is written text)
        originals = sys.__stdout__, sys.__stderr__
        self.streams = streams + originals
        sys.stdout, sys.stderr = (WrittenStream(stream, name) for stream, name in
                                  zip(streams, ("stdout", "stderr")))
        sys.__stdout__, sys.__stderr__ = (
            WrittenStream(stream, name) if stream is not None else None
            for stream, name in zip(originals, ("stdout", "stderr")))
        try:
            result = function(*args, **kwargs)
        except BaseException as error:
            sys.stdout, sys.stderr = streams
            sys.__stdout__, sys.__stderr__ = originals
            self.finish(boundary, (args, kwargs, raw), before, process, error=error)
            raise
        finally:
            sys.stdout, sys.stderr = streams
            sys.__stdout__, sys.__stderr__ = originals
        self.finish(boundary, (args, kwargs, raw), before, process, result=result,
                    jaxpr_of=jaxpr_of if jaxpr_of is not None else function)
        return result

    def finish(self, boundary: Boundary, call: tuple, before, process, result=MISSING,
               error=None, jaxpr_of=None) -> None:
        settle(result)
        self.active = None
        executed, traced = boundary.hits()
        if boundary.kind not in ("function", "traced", "call") and not (
                boundary.reached or executed or traced):
            return  # a jax transformation of code that never reached the verified modules
        record = {"test": boundary.test, "label": boundary.label, "kind": boundary.kind,
                  "seq": boundary.seq, "compared": boundary.compared, "executed": executed,
                  "traced": traced, "transforms": sorted(boundary.transforms),
                  "subject": boundary.subject}
        self.records += [frame.finished() for frame in boundary.nested]
        if boundary.compared:
            self.compared[boundary.label] = self.compared.get(boundary.label, 0) + 1
            record.update(self.outcome(boundary, call, before, process, result, error))
            if error is None:
                record["jaxpr"] = self.jaxpr(boundary, record, jaxpr_of, *call[:2])
        self.records.append(record)

    def outcome(self, boundary: Boundary, call: tuple, before, process, result, error) -> dict:
        args, kwargs, raw = call
        after = self.encode_inputs(args, kwargs, raw)
        # What cannot be compared in the inputs weakens only the alignment (the same test
        # made them in both versions); in what the call returns or leaves, it blocks.
        found: dict = {"key": (before or after)["digest"], "opaque": [],
                       "effects": boundary.effects}
        if boundary.kind == "traced":
            from scanlint.verify.jaxprs import StaticSplit

            found["key"] = digest(StaticSplit(lambda *a, **k: None, args, kwargs).signature())
        if error is not None:
            found["error"] = describe_chain(error)
            if raised_here(error):
                found["opaque"].append(f"scanlint's session failed in the call: {describe(error)}")
            else:
                found["raised"], opaque = encode(self.names, raised_content(error))
                found["opaque"] = found["opaque"] + opaque
        elif boundary.kind != "traced":
            found["output"], opaque = encode(self.names, result)
            found["opaque"] = found["opaque"] + opaque
        if before is not None and after["digest"] != before["digest"]:
            found["changed"] = after["state"]
            found["opaque"] = found["opaque"] + after["opaque"]
        held = {**after["objects"], **self.module_objects()}
        shared = aliasing(result, held, before["objects"] if before else None)
        if shared:  # what the caller holds that the call ties to or cuts from its result
            found["effects"] = [*found["effects"], ["aliasing", shared]]
        if process is not None:  # what it left to every later call (and subprocess)
            after_process = process_state()
            found["effects"] = [*found["effects"], *(
                ["process state", name, changed_part(process.get(name), after_process[name])]
                for name in sorted(after_process) if after_process[name] != process.get(name))]
        return found

    def module_objects(self) -> dict:
        """The lists, dicts, sets and NumPy arrays the verified modules' data holds (a
        cache), by path: a result that is one of them is the module's own object."""
        found: dict = {}
        for name in sorted(self.names):
            module = sys.modules.get(name)
            if module is not None:
                containers(module_data(module, name)[0], f"module {name}", 0, found)
        return found

    def encode_inputs(self, args, kwargs, raw) -> dict:
        """The arguments and what the called thing keeps: a function's captured cells and
        defaults, an object's fields (`Scaler(2.0)(x)` changing its instance)."""
        raw = getattr(raw, RAW, raw)
        captured = captured_state(raw) if isinstance(raw, types.FunctionType) else raw
        state, opaque = encode(self.names, [list(args), kwargs, captured])
        return {"state": state, "opaque": opaque, "digest": digest(state),
                "objects": argument_objects(args, kwargs)}

    def jaxpr(self, boundary: Boundary, record: dict, jaxpr_of, args, kwargs):
        """The call's jaxpr, for the first ``max_jaxprs`` distinct inputs of a label; not for
        a call that changed its inputs (a second trace would see other inputs)."""
        if jaxpr_of is None or "changed" in record:
            return None
        seen = self.signatures.setdefault(boundary.label, set())
        if len(seen) >= self.max_jaxprs and record["key"] not in seen:
            return None
        from scanlint.verify import jaxprs

        self.quiet += 1
        try:
            found = jaxprs.canonical_jaxpr(jaxpr_of, args, kwargs)
            if "error" not in found and self.options.get("hlo"):
                found["hlo"] = jaxprs.optimized_hlo(jaxpr_of, args, kwargs)
            if "error" not in found and self.options.get("bench") and \
                    boundary.kind != "traced":
                found["bench"] = jaxprs.bench(jaxpr_of, args, kwargs,
                                              self.options.get("bench_calls", 200))
        finally:
            self.quiet -= 1
        seen.add(record["key"])
        return found

    def effect(self, item: list) -> None:
        if self.active is not None and not self.quiet:
            self.active.effects.append(item)

    # -- modules ---------------------------------------------------------------------------
    def state_record(self, name: str, module: types.ModuleType, label: str, test: str) -> dict:
        """The module's data after its import or a test: its globals that are not code, and
        the state of its own classes and functions (class attributes; captured cells and
        defaults): a class or function only one version has is code, judged by whether its
        changed code ran."""
        data, own = module_data(module, name)
        self.quiet += 1
        try:
            state, opaque = encode(self.names, data)
            kept, hidden = encode(self.names, own)
            # Other modules of the project (a registry a decorator writes to): compared where
            # they can be, never blocking (they are not what was changed).
            others = encode(self.names, {other: module_data(sys.modules[other], other)[0]
                                         for other in project_modules(self.names)})[0]
        finally:
            self.quiet -= 1
        state = ["module data", state, kept, others]
        opaque = opaque + hidden
        return {"test": test, "label": label, "kind": "state", "seq": 0, "compared": True,
                "key": "", "output": state, "opaque": opaque, "executed": [], "traced": {},
                "effects": [], "transforms": []}

    def run_import(self, name: str, code, module: types.ModuleType) -> None:
        """The module's import as a boundary: what it ran, and its data after."""
        outer = self.active
        boundary = self.enter(f"import {name}", "import", test="(import)",
                              subject=MODULE_LEVEL)
        error = None
        try:
            exec(code, module.__dict__)
        except BaseException as raised:
            error = raised
            raise
        finally:
            settle(MISSING)
            self.active = outer
            executed, traced = boundary.hits()
            record = self.state_record(name, module, boundary.label, "(import)")
            record.update(kind="import", executed=executed, traced=traced,
                          effects=boundary.effects, subject=MODULE_LEVEL)
            self.records += [frame.finished() for frame in boundary.nested]
            if error is not None:
                record["error"] = describe(error)
            self.records.append(record)


SESSION: Session | None = None


def describe_branches(branches: tuple) -> str:
    if not branches:
        return "traced"
    return "traced inside " + " inside ".join(
        f"the `{name}` branch of a `lax.cond`" if name in ("true", "false")
        else f"branch {name} of a `lax.switch`" for _, name in reversed(branches))


def encode(module, value) -> tuple[object, list[str]]:
    encoder = Encoder(module)
    return encoder.encode(value), encoder.opaque


def perturbed(args, kwargs, seed: int, boundary: Boundary):
    """Other inputs of the same shapes and dtypes (floats normal, integers within the range
    the argument spans, booleans at random; Python bools flipped on odd seeds), drawn from
    the seed and the call's place, so both versions get the same."""
    import jax
    import numpy as np

    key = f"{seed}|{boundary.test}|{boundary.label}|{boundary.seq}".encode()
    rng = np.random.default_rng(int(hashlib.sha256(key).hexdigest()[:16], 16))

    def other(leaf):
        if isinstance(leaf, bool):
            return leaf != bool(seed % 2)
        if isinstance(leaf, float):
            return float(rng.standard_normal())
        if not isinstance(leaf, (jax.Array, np.ndarray)) or leaf.dtype == object or \
                jax.dtypes.issubdtype(leaf.dtype, jax.dtypes.prng_key):
            return leaf
        shape, dtype = leaf.shape, leaf.dtype
        if np.issubdtype(dtype, np.floating) or np.issubdtype(dtype, np.complexfloating):
            value = rng.standard_normal(shape).astype(dtype)
        elif np.issubdtype(dtype, np.bool_):
            value = rng.random(shape) < 0.5
        elif np.issubdtype(dtype, np.integer):
            low, high = (int(np.min(leaf)), int(np.max(leaf))) if leaf.size else (0, 1)
            value = rng.integers(low, high + 1, shape).astype(dtype)
        else:
            return leaf
        return jax.numpy.asarray(value) if isinstance(leaf, jax.Array) else value

    return jax.tree_util.tree_map(other, (tuple(args), kwargs))


def module_data(module: types.ModuleType, name: str) -> tuple[dict, dict]:
    """A module's globals that are data (what it exports and documents included; a
    `functools.partial` is data: its arguments), and its own classes and functions."""
    items = [(key, value) for key, value in vars(module).items()
             if (not key.startswith("__") or key in ("__all__", "__doc__"))
             and not isinstance(value, types.ModuleType)]
    data = {key: value for key, value in items
            if not is_code(value) or isinstance(value, functools.partial)}
    own = {key: value for key, value in items if is_code(value)
           and getattr(value, "__module__", None) == name}  # classes, functions: by state
    return data, own


def project_modules(verified: set[str]) -> list[str]:
    """The modules imported from the project's own files (under the working directory, not
    an installed package, not a test module), other than the verified ones."""
    root = os.getcwd() + os.sep
    found = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        base = os.path.basename(path)
        if name in verified or not path.startswith(root) or "site-packages" in path \
                or base.startswith("test_") or base == "conftest.py" or name.startswith("scanlint"):
            continue
        found.append(name)
    return sorted(found)


def is_code(value) -> bool:
    return isinstance(value, (types.ModuleType, type, types.FunctionType, types.MethodType,
                              types.BuiltinFunctionType, functools.partial, Transformed)) or (
        callable(value) and getattr(value, "__wrapped__", None) is not None)


def captured_state(function) -> dict:
    """What a function of the module keeps between calls: its closure cells and defaults."""
    cells = {}
    for name, cell in zip(function.__code__.co_freevars, function.__closure__ or ()):
        try:
            cells[name] = cell.cell_contents
        except ValueError:  # not yet assigned
            cells[name] = "<empty cell>"
    return {"cells": cells, "defaults": function.__defaults__,
            "kwdefaults": function.__kwdefaults__}


def _abstract(leaf) -> str:
    """`array f32[3]`, `array f32[] weak`: a traced output's type as jax sees it."""
    aval = getattr(leaf, "aval", None)
    if aval is None or not hasattr(aval, "str_short"):
        return "array"
    return f"array {aval.str_short()}{' weak' if getattr(aval, 'weak_type', False) else ''}"


def raised_content(error: BaseException) -> dict:
    """What a caller can read of a raised error besides its type and first line: its
    arguments, its notes (`add_note`) and its public attributes (`error.iters`)."""
    try:
        attributes = {k: v for k, v in vars(error).items() if not k.startswith("_")}
    except TypeError:  # no __dict__
        attributes = {}
    return {"args": error.args, "notes": list(getattr(error, "__notes__", ())),
            "attributes": attributes}


def describe_chain(error: BaseException) -> str:
    """`Type: message`, and what a traceback shows above it: the exception it was raised
    from (`raise ... from`), or the one being handled when it was raised."""
    said, seen = describe(error), {id(error)}
    while len(seen) < 4:
        cause = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
        if cause is None or id(cause) in seen:
            break
        link = "from" if error.__cause__ is not None else "while handling"
        said += f" ({link} {describe(cause)})"
        error, seen = cause, seen | {id(cause)}
    return said


def changed_part(before, after):
    """The value a call left; of a mapping (the environment), the keys it set or removed
    (the session's own variables differ between the versions' runs)."""
    if isinstance(before, dict) and isinstance(after, dict):
        return sorted((key, after.get(key)) for key in {*before, *after}
                      if before.get(key) != after.get(key))
    return after


def process_state() -> dict[str, object]:
    """What a call can leave to the whole process: where the global random generators are
    (how far it moved them matters), the environment variables, NumPy's print and error
    options, jax's configuration, the working directory."""
    state: dict[str, object] = {"random": hashlib.sha256(
        repr(random.getstate()).encode()).hexdigest(), "environment": dict(os.environ)}
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        kind, keys, pos, has_gauss, gauss = numpy.random.get_state()
        state["numpy.random"] = hashlib.sha256(
            f"{kind}{keys.tobytes().hex()}{pos}{has_gauss}{gauss}".encode()).hexdigest()
        state["numpy options"] = repr((sorted(numpy.get_printoptions().items()),
                                       sorted(numpy.geterr().items())))
    jax = sys.modules.get("jax")
    values = getattr(getattr(jax, "config", None), "values", None)
    if isinstance(values, dict):
        state["jax.config"] = repr(sorted((k, repr(v)) for k, v in values.items()))
    try:
        state["working directory"] = here = os.getcwd()
    except OSError:  # removed under it
        state["working directory"] = here = None
    # Where imports look, which warnings are shown, logging's level names: set by a call,
    # they stay for every later one (the project's folder written as such: the versions
    # run in different folders).
    state["sys.path"] = [entry.replace(here, "<cwd>") if here else entry for entry in sys.path]
    state["warnings filters"] = repr(warnings.filters)
    logging_module = sys.modules.get("logging")
    if logging_module is not None:
        state["logging level names"] = repr(sorted(
            getattr(logging_module, "_levelToName", {}).items()))
    # The interpreter's own settings a call may leave changed: signal handlers (a SIGTERM
    # hook not restored), the recursion limit, the threads still running (a prefetcher
    # left behind), the thread switch interval.
    state["signal handlers"] = _signal_handlers()
    state["recursion limit"] = sys.getrecursionlimit()
    state["switch interval"] = sys.getswitchinterval()
    state["threads"] = sorted((type(t).__name__, t.daemon) for t in threading.enumerate()
                              if t is not threading.main_thread())
    return state


def _signal_handlers() -> list:
    import signal

    found = []
    for number in sorted(signal.valid_signals()):
        try:
            handler = signal.getsignal(number)
        except (OSError, ValueError):
            continue
        found.append((int(number), getattr(handler, "__qualname__", repr(handler))))
    return found


def argument_objects(args, kwargs) -> dict:
    found: dict = {}
    for index, value in enumerate(args):
        containers(value, f"argument {index}", 0, found)
    for name, value in kwargs.items():
        containers(value, f"argument {name}", 0, found)
    return found


def containers(tree, path: str = "", depth: int = 0, found: dict | None = None) -> dict:
    """The lists, dicts, sets and NumPy arrays inside the arguments, by path: the objects a
    caller may hold (`hist = state["history"]`), also as an object's attributes
    (`self._steps`)."""
    import numpy as np

    found = {} if found is None else found
    if depth > 6 or len(found) > 200:
        return found
    if isinstance(tree, (list, dict, set, np.ndarray)):
        found[path] = tree
    if isinstance(tree, (list, tuple)):
        for index, item in enumerate(tree):
            containers(item, f"{path}[{index}]", depth + 1, found)
    elif isinstance(tree, dict):
        for key, item in tree.items():
            containers(item, f"{path}[{key!r}]", depth + 1, found)
    else:
        for name, item in _instance_attributes(tree):
            containers(item, f"{path}.{name}", depth + 1, found)
    return found


def _instance_attributes(value) -> list:
    """An instance's own attributes (its `__dict__`, read without running properties); none
    for modules, classes, functions and jax's arrays."""
    import types

    if isinstance(value, (type, types.ModuleType, types.FunctionType, types.MethodType,
                          types.BuiltinFunctionType)) or type(value).__module__ in (
            "builtins", "numpy") or type(value).__module__.startswith(("jax", "jaxlib")):
        return []
    try:
        attributes = object.__getattribute__(value, "__dict__")
    except (AttributeError, TypeError):
        return []
    return list(attributes.items())[:50] if isinstance(attributes, dict) else []


_MAX_TIED = 200  # places of a result compared with each other for shared objects


def aliasing(result, inputs: dict, before: dict | None) -> list:
    """How the call's result and arguments share objects: each NumPy array it returns that
    shares memory with an argument or with the verified module's data (a view: writing one
    writes the other; a cache returned without a copy), each list, dict or set it returns
    that is one the arguments or the module hold (`return self._steps`: a caller changing
    it changes the object), two places of the result holding one object, and each list,
    dict or array in the arguments the
    call replaced with a new object rather than changed in place (a caller holding the old
    one no longer sees the change). ``inputs`` and ``before``: `argument_objects` after and
    before the call. Paths, compared between the versions."""
    import numpy as np

    def tied(a, b) -> str | None:
        if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
            return "view" if np.may_share_memory(a, b) else None
        return "same object" if a is b else None

    shared: list = []
    if result is not MISSING:
        outputs = containers(result, "result")
        for out_path, out in outputs.items():
            for in_path, value in inputs.items():
                how = tied(out, value)
                if how is not None:
                    shared.append([how, out_path, in_path])
        # Two places of the result holding one object (`{"mu": z, "ema_mu": z}`): a caller
        # changing one changes the other.
        placed = list(outputs.items())[:_MAX_TIED]
        for index, (path, out) in enumerate(placed):
            for other_path, other in placed[index + 1:]:
                how = tied(out, other)
                if how is not None and not other_path.startswith(path):
                    shared.append([how, path, other_path])
    for path, old in (before or {}).items():
        new = inputs.get(path)
        if new is not None and new is not old and type(new) is type(old):
            shared.append(["replaced", path])
    return shared


def holds_tracer(tree) -> bool:
    jax = sys.modules.get("jax")
    if jax is None:
        return False
    try:
        return any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(tree))
    except Exception:  # an object jax cannot flatten
        return False


def settle(result) -> None:
    """Wait for the call's arrays and for jax's callbacks, so the markers it planted and the
    callbacks it made report to this boundary."""
    jax = sys.modules.get("jax")
    if jax is None:
        return
    try:
        if result is not MISSING:
            jax.block_until_ready(result)
    except Exception:  # leaves that are not arrays
        pass
    try:
        jax.effects_barrier()
    except Exception:
        pass


def in_trace() -> bool:
    """Whether jax is tracing (a probe reached now runs only when the program does)."""
    jax = sys.modules.get("jax")
    if jax is None:
        return False
    from jax._src import core

    clean = getattr(core, "trace_state_clean", None)
    if clean is not None:
        return not clean()
    context = getattr(core, "trace_ctx", None)
    if context is not None and hasattr(context, "is_top_level"):
        return not context.is_top_level()
    return True  # unknown: plant (a callback outside a trace runs at once)


REAL: dict[str, object] = {}
OWN_FILES = {__file__, __file__.replace("runtime.py", "jaxprs.py"),
             __file__.replace("runtime.py", "effects.py")}


def plant(marker: Planted, *operands, **named) -> None:
    REAL["debug_callback"](marker, *operands, **named)


def raised_here(error: BaseException) -> bool:
    """Whether the error was raised in the session's own code (a patched jax function, a
    marker), not in the code under test: such a call proves nothing, however both versions
    fare."""
    traceback, last = error.__traceback__, None
    while traceback is not None:
        last, traceback = traceback, traceback.tb_next
    return last is not None and last.tb_frame.f_code.co_filename in OWN_FILES


# -- what the instrumented module calls ------------------------------------------------------
def probe_hit(probe: int, value=MISSING):
    session = SESSION
    if session is not None:
        session.hit(probe)
    return None if value is MISSING else value


def default_value(probe: int, value):
    session = SESSION
    if session is not None:
        session.defaults.setdefault(probe, []).append(value)
    return value


def default_used(probe: int, value) -> None:
    session = SESSION
    if session is not None and any(value is known for known in session.defaults.get(probe, ())):
        session.hit(probe)
    return None


def function_decorator(module: str):
    """`__scanlint_fn__(qualname)`: the innermost decorator of every def of the module."""

    def named(qualname: str):
        session = SESSION
        # A changed function, and the functions made inside it (a closure an `__init__`
        # stores on self, a scan's step): their own calls show what they compute.
        watched = session is not None and any(
            qualname == owner or qualname.startswith(owner + ".<locals>.")
            for owner in session.owners.get(module, ()))

        def decorate(function):
            @functools.wraps(function)
            def scanlint_boundary(*args, **kwargs):
                session = SESSION
                if session is None or session.quiet:
                    return function(*args, **kwargs)
                if session.active is None:
                    return session.call(qualname, "function", function, args, kwargs,
                                        raw=function, subject=qualname)
                session.active.reached = True
                if watched:
                    return session.nested(qualname, function, args, kwargs)
                return function(*args, **kwargs)
            setattr(scanlint_boundary, RAW, function)
            setattr(scanlint_boundary, LABEL, qualname)
            return scanlint_boundary
        return decorate
    return named


def module_globals(module: str) -> dict:
    return {HIT: probe_hit, DEFAULT: default_value, USED_DEFAULT: default_used,
            FUNCTION: function_decorator(module)}


# -- jax's entry points ----------------------------------------------------------------------
TRANSFORMS = ("jit", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian", "pmap")
VALUE_KEEPING = ("jit", "vmap", "pmap", "value_and_grad")


class Transformed:
    """What `jax.jit(f)` (`grad`, `vmap`, ...) returns while a session runs: called from
    outside the verified modules with concrete values, a boundary; otherwise the call passes
    through, noting the transformation for what the proof covers."""

    def __init__(self, name: str, made, function) -> None:
        self._made, self._name = made, name
        self._label = f"{name}({label_of(function)})"
        # A call of `f` itself where the transformation keeps its values (not `grad(f)`).
        self._subject = label_of(function) if name in VALUE_KEEPING else ""
        session = SESSION
        raw = getattr(function, RAW, function)
        self._reaches = session is not None and getattr(raw, "__module__", None) in session.names
        functools.update_wrapper(self, made, updated=())

    def __call__(self, *args, **kwargs):
        session = SESSION
        if session is None or session.quiet or session.active is not None or \
                holds_tracer((args, kwargs)):
            if session is not None and session.active is not None:
                session.active.transforms.add(self._name)
            return self._made(*args, **kwargs)

        def run(*a, **k):
            session.active.transforms.add(self._name)
            if self._reaches:
                session.active.reached = True
            result = self._made(*a, **k)
            self._reaches = self._reaches or session.active.reached
            return result
        return session.call(self._label, self._name, run, args, kwargs,
                            jaxpr_of=self._made, subject=self._subject)

    def __get__(self, instance, owner=None):
        return self if instance is None else functools.partial(self, instance)

    def __getattr__(self, name):  # lower, trace, eval_shape, defvjp, ...
        if name.startswith("_made"):
            raise AttributeError(name)
        return getattr(self._made, name)


def label_of(function) -> str:
    """A function's name as the session knows it (a lambda by the name it is bound to)."""
    label = getattr(function, LABEL, None)
    if label:
        return label
    function = getattr(function, RAW, function)
    return getattr(function, "__qualname__", None) or type(function).__name__


def subject_of(callee) -> str:
    """The function a call runs, whose own behaviour the call shows: an instance's
    `__call__`, a bound method's function, what a value-keeping transformation wraps."""
    if isinstance(callee, Transformed):
        return callee._subject
    if isinstance(callee, functools.partial):
        return subject_of(callee.func)
    if isinstance(callee, types.MethodType):
        return label_of(callee.__func__)
    if isinstance(callee, types.FunctionType):
        return label_of(callee)
    return f"{type(callee).__qualname__}.__call__"


def transform(name: str, real):
    @functools.wraps(real)
    def patched(*args, **kwargs):
        made = real(*args, **kwargs)
        function = args[0] if args else kwargs.get("fun", kwargs.get("f"))
        if not callable(made) or function is None:
            return made  # a decorator factory (`jax.jit(static_argnums=...)` in new jax)
        return Transformed(name, made, function)
    return patched


def branching(kind: str, real):
    """`lax.cond` / `lax.switch`: each branch traced with its name on the branch stack; when
    a probe was reached in one, a marker reports which branch the program selects."""

    @functools.wraps(real)
    def patched(selector, *args, **kwargs):
        session = SESSION
        if session is None or session.quiet:
            return real(selector, *args, **kwargs)
        cond = next(session.conds)
        if kind == "switch":
            names = tuple(str(i) for i in range(len(args[0])))
            args = ([branch_function(session, (cond, n), f) for n, f in zip(names, args[0])],
                    *args[1:])
        else:
            callables = [i for i, a in enumerate(args) if callable(a)][:2]
            names = ("false", "true")  # selector 0, 1
            order = dict(zip(callables, ("true", "false")))
            args = tuple(branch_function(session, (cond, order[i]), a) if i in order else a
                         for i, a in enumerate(args))
        result = real(selector, *args, **kwargs)
        if cond in session.hit_conds:
            marker = TakenMarker(cond, names, clamped=kind == "switch")
            if holds_tracer(selector) or in_trace():
                plant(marker, selector)
            elif session.active is not None:
                marker(selector)
        return result
    return patched


def branch_function(session: Session, branch: tuple, function):
    @functools.wraps(function)
    def traced_branch(*args, **kwargs):
        return session.in_branch(branch, function, args, kwargs)
    return traced_branch


def recording_callback(kind: str, real):
    """`jax.debug.callback`, `io_callback`, `pure_callback`: what the callback receives, in
    order, is an effect of the boundary that runs it."""

    @functools.wraps(real)
    def patched(callback, *args, **kwargs):
        if isinstance(callback, Planted):
            return real(callback, *args, **kwargs)

        @functools.wraps(callback)
        def recorded(*values, **named):
            session = SESSION
            if session is not None:
                session.effect(["callback", kind, callee_of(session, callback),
                                encode(session.names, (list(values), named))[0]])
            return callback(*values, **named)
        return real(recorded, *args, **kwargs)
    return patched


def callee_of(session, callback) -> str:
    """Another module's callback by its name; the verified module's own by none: what it
    does is compared through its own probes and effects (a lambda made a `def` is the same
    callback)."""
    raw = getattr(callback, RAW, callback)
    if getattr(raw, "__module__", None) in session.names:
        return "(the module's own function)"
    return label_of(callback)


class PrintedMarker(Planted):
    """What a `jax.debug.print` prints, as an effect (a marker beside the user's own)."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt

    def __call__(self, *values, **named) -> None:
        session = SESSION
        if session is not None:
            session.effect(["debug.print", self.fmt,
                            encode(session.names, (list(values), named))[0]])


def recording_debug_print(real):
    """`jax.debug.print(fmt, ...)`: jax prints through a primitive of its own in newer
    releases (no callback to wrap), so a marker receives the same values."""
    reserved = ("ordered", "partitioned", "skip_format_check")

    @functools.wraps(real)
    def patched(fmt=None, *args, **kwargs):
        session = SESSION
        if fmt is not None and session is not None and not session.quiet:
            plant(PrintedMarker(fmt), *args,
                  **{k: v for k, v in kwargs.items() if k not in reserved})
        return real(fmt, *args, **kwargs)
    return patched


class WrittenStream:
    """`sys.stdout` or `sys.stderr` while a call runs: what is written to it (by `print`,
    `stream.write`, a handler made during the call) is an effect."""

    def __init__(self, stream, name: str) -> None:
        self._stream, self._name = stream, name

    def write(self, text):
        session = SESSION
        # A warning shown says the line that warned (recorded as a warning, without it).
        shown = sys._getframe(1).f_code.co_filename.endswith("warnings.py")
        if session is not None and session.active is not None and not session.quiet \
                and not shown:
            effects = session.active.effects
            if effects and effects[-1][0] == self._name:  # one text however it was cut
                effects[-1] = [self._name, effects[-1][1] + str(text)]
            else:
                session.effect([self._name, str(text)])
        return self._stream.write(text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def recording_print(*args, sep=" ", end="\n", file=None, flush=False):
    """`print` to the console streams the program kept from before the call (a default
    argument bound at import): `print` to `sys.stdout` is seen by its WrittenStream."""
    session = SESSION
    to_console = file is not None and not isinstance(file, WrittenStream) and file in (
        sys.__stdout__, sys.__stderr__, *getattr(session, "streams", ()))
    if session is not None and session.active is not None and to_console:
        buffer = io.StringIO()
        REAL["print"](*args, sep=sep, end=end, file=buffer)
        session.effect(["print", buffer.getvalue()])
    return REAL["print"](*args, sep=sep, end=end, file=file, flush=flush)


def recording_os_write(fd, data):
    """`os.write` to the process's standard output or error (file descriptors 1 and 2),
    past `sys.stdout`/`sys.stderr`: an effect as their text is."""
    session = SESSION
    if fd in (1, 2) and session is not None and session.active is not None and \
            not session.quiet:
        session.effect([f"file descriptor {fd}", bytes(data).decode("utf-8", "replace")])
    return REAL["os.write"](fd, data)


def recording_warn(message, category=None, stacklevel=1, *args, **kwargs):
    session = SESSION
    if session is not None:
        kind = category or (type(message) if isinstance(message, Warning) else UserWarning)
        try:  # the function the warning names as its place (`stacklevel`), not its line
            frame = sys._getframe(max(int(stacklevel), 1))
            where = f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_code.co_name}"
        except (ValueError, TypeError):
            where = "?"
        session.effect(["warning", getattr(kind, "__name__", str(kind)), str(message), where])
    return REAL["warn"](message, category, stacklevel + 1, *args, **kwargs)


class WrittenFile:
    """A file opened for writing while a call runs: what is written to it is an effect (its
    name and a digest of its content), told when it is closed."""

    def __init__(self, handle, name: str) -> None:
        self._handle, self._name = handle, os.path.basename(str(name))
        self._digest = hashlib.sha256()

    def write(self, data):
        self._digest.update(data.encode() if isinstance(data, str) else bytes(data))
        return self._handle.write(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def close(self):
        session = SESSION
        if session is not None and not self._handle.closed:
            session.effect(["file written", self._name, self._digest.hexdigest()])
        return self._handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        return iter(self._handle)

    def __getattr__(self, name):
        return getattr(self._handle, name)


def recording_open(file, mode="r", *args, **kwargs):
    handle = REAL["open"](file, mode, *args, **kwargs)
    session = SESSION
    writing = isinstance(mode, str) and any(c in mode for c in "wax+")
    if session is None or session.active is None or session.quiet or not writing:
        return handle
    return WrittenFile(handle, file)


LOG_METHODS = ("debug", "info", "warning", "error", "critical", "log")


def recording_log(method: str, real):
    """A logger's call, at any level: a record dropped at the default level is logged when
    someone turns the level up (`logger.debug(f"...")` changed is a change)."""

    @functools.wraps(real)
    def patched(self, *args, **kwargs):
        session = SESSION
        if session is not None and session.active is not None and not session.quiet and args:
            level, rest = (args[0], args[1:]) if method == "log" else (
                getattr(logging, method.upper()), args)
            caller = sys._getframe(1).f_globals.get("__name__")
            if not rest or not (self.isEnabledFor(level) or caller in session.names):
                return real(self, *args, **kwargs)  # a library's own debug records
            try:
                message = str(rest[0]) % tuple(rest[1:]) if len(rest) > 1 else str(rest[0])
            except Exception:  # logging itself reports a bad format when it emits
                message = repr(rest)
            # What a handler may format besides the message: `extra={"step": i}` becomes
            # the record's attributes, `exc_info`/`stack_info` add a traceback.
            details = {k: kwargs[k] for k in ("extra", "exc_info", "stack_info", "stacklevel")
                       if kwargs.get(k) not in (None, False)}
            if details.get("exc_info") is not None:
                details["exc_info"] = repr(sys.exc_info()[1] if details["exc_info"] is True
                                           else details["exc_info"])
            item = ["log", self.name, level, message]
            if details:
                item.append(encode(session.names, details)[0])
            session.effect(item)
        return real(self, *args, **kwargs)
    return patched


def recording_atexit(function, *args, **kwargs):
    """A hook the project registers to run at exit (its own code's registrations only:
    libraries register theirs lazily, at whichever call comes first), by what it will call
    and with what."""
    session = SESSION
    caller = sys._getframe(1).f_globals.get("__name__")
    if session is not None and caller in session.names:
        session.effect(["atexit hook", callee_of(session, function),
                        encode(session.names, (list(args), kwargs))[0]])
    return REAL["atexit.register"](function, *args, **kwargs)


def install_patches() -> None:
    """jax's transformations, `cond`/`switch`, callbacks, `print`, logging, warnings and
    files opened for writing."""
    import jax
    import jax.experimental
    from jax._src import debugging

    REAL["debug_callback"] = debugging.debug_callback
    REAL["print"] = builtins.print
    for name in TRANSFORMS:
        setattr(jax, name, transform(name, getattr(jax, name)))
    jax.lax.cond = branching("cond", jax.lax.cond)
    jax.lax.switch = branching("switch", jax.lax.switch)
    debug = recording_callback("debug.callback", debugging.debug_callback)
    debugging.debug_callback = debug
    jax.debug.callback = debug
    printing = recording_debug_print(debugging.debug_print)
    debugging.debug_print = printing
    jax.debug.print = printing
    jax.pure_callback = recording_callback("pure_callback", jax.pure_callback)
    jax.experimental.io_callback = recording_callback("io_callback", jax.experimental.io_callback)
    builtins.print = recording_print
    for method in LOG_METHODS:
        setattr(logging.Logger, method, recording_log(method, getattr(logging.Logger, method)))
    REAL["warn"], warnings.warn = warnings.warn, recording_warn
    REAL["atexit.register"], atexit.register = atexit.register, recording_atexit
    REAL["os.write"], os.write = os.write, recording_os_write
    REAL["open"] = builtins.open
    builtins.open = io.open = recording_open
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))  # a wrapper frame per call


def json_default(value):
    return repr(value)


def dumps(value) -> str:
    return json.dumps(value, default=json_default)
