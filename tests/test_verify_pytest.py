"""`verify --pytest`: one test run records the calls the project's own tests make to the
changed functions; both versions replay them under jit and eagerly, bit for bit."""

import json
import pickle
import subprocess

import pytest

from conftest import run_scanlint

pytest.importorskip("jax")

BASE = "GAIN = 3.0\n"

DYNAMICS = '''import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp

from . import base


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array


def rollout(state, dt, steps):
    def step(carry, _):
        pos = carry.pos + dt * carry.vel
        return State(pos, carry.vel * 0.9), pos
    return jax.lax.scan(step, state, None, length=steps)


def totals(stats):
    step = lambda c, x: (c + x, c)
    total, _ = jax.lax.scan(step, 0.0, stats["values"])
    return {"total": total, "count": stats["values"].shape[0]}


def halve(x):
    return x * 0.5


def damped(x, n):
    step = lambda c, _: (halve(c), c)
    return jax.lax.scan(step, x, None, length=n)


def scaled(x, g):
    return x * g / base.GAIN


@functools.partial(jax.tree_util.register_dataclass, data_fields=["rate"],
                   meta_fields=["steps"])
@dataclasses.dataclass
class Decay:
    rate: jax.Array
    steps: int

    def run(self, x):
        step = lambda c, _: (c * self.rate, c)
        return jax.lax.scan(step, x, None, length=self.steps)


def unused(x):
    step = lambda c, _: (c + 1.0, c)
    return jax.lax.scan(step, x, None, length=2)
'''

# The second commit: style changes that compute the same bits, one reassociated product.
CHANGES = [
    ("return State(pos, carry.vel * 0.9), pos", "return carry._replace(pos=pos, vel=carry.vel * 0.9), pos"),
    ("    step = lambda c, x: (c + x, c)\n", "    def step(c, x):\n        return c + x, c\n"),
    ("    return x * 0.5\n", "    return x / 2.0\n"),
    ("    step = lambda c, _: (halve(c), c)\n", "    def step(c, _):\n        return halve(c), c\n"),
    ("return x * g / base.GAIN", "return x * (g / base.GAIN)"),
    ("(c + 1.0, c)", "(c + 1.0 + 0.0, c)"),
    ("        step = lambda c, _: (c * self.rate, c)\n",
     "        def step(c, _):\n            return c * self.rate, c\n"),
]

TESTS = '''import jax.numpy as jnp

from sim import State, rollout
from sim.dynamics import Decay, damped, scaled, totals


def test_rollout_moves():
    final, traj = rollout(State(jnp.zeros(2), jnp.ones(2)), 0.1, 4)
    assert traj.shape == (4, 2)


def test_totals():
    assert totals({"values": jnp.arange(4.0)})["count"] == 4


def test_damped_decays():
    final, ys = damped(jnp.ones(3), 5)
    assert float(final[0]) < 1.0


def test_scaled():
    assert scaled(jnp.float32(0.1), jnp.linspace(0.1, 1.7, 7)).shape == (7,)


def test_decay_method():
    assert Decay(jnp.float32(0.5), 3).run(jnp.ones(2))[1].shape == (3, 2)
'''


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder,
                   check=True, capture_output=True)


def write_project(root, dynamics=DYNAMICS, pyproject='[project]\nname = "sim"\n'):
    (root / "sim").mkdir()
    (root / "tests").mkdir()
    (root / "pyproject.toml").write_text(pyproject)
    (root / "sim" / "__init__.py").write_text("from .dynamics import State, rollout\n")
    (root / "sim" / "base.py").write_text(BASE)
    (root / "sim" / "dynamics.py").write_text(dynamics)
    (root / "tests" / "test_sim.py").write_text(TESTS)


@pytest.fixture
def two_commits(tmp_path):
    write_project(tmp_path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "one")
    changed = DYNAMICS
    for old, new in CHANGES:
        assert old in changed
        changed = changed.replace(old, new)
    (tmp_path / "sim" / "dynamics.py").write_text(changed)
    git(tmp_path, "commit", "-qam", "two")
    return tmp_path


def test_rev_with_pytest_judges_each_function_on_the_tests_calls(two_commits):
    result = run_scanlint("verify", "--rev", "HEAD~1", "sim/dynamics.py", "--pytest", "tests/",
                          "--output-format", "json", cwd=two_commits)
    report = json.loads(result.stdout)["default"]
    functions = {f["name"]: f for f in report["functions"]}
    assert {name: f["status"] for name, f in functions.items()} == {
        "rollout": "identical",  # NamedTuple carry
        "totals": "identical",  # dict in, dict out
        "damped": "identical",  # a Python int argument used as length=
        "halve": "covered",  # only reached inside damped's traced scan
        "scaled": "differs",  # x * g / 3.0 against x * (g / 3.0)
        "unused": "not exercised",
        "Decay.run": "identical",  # a method, recorded with its instance (a pytree)
    }, report
    assert result.returncode == 1
    labels = {e["label"]: e for e in report["entries"]}
    assert labels["damped [tests/test_sim.py::test_damped_decays]"]["status"] == "identical"
    assert any("values differ" in d for d in
               labels["scaled [tests/test_sim.py::test_scaled]"]["details"])
    assert "its lines ran inside: damped [tests/test_sim.py::test_damped_decays] (identical)" \
        in functions["halve"]["details"]
    assert labels["unused"]["details"] == ["no test called it"]
    assert functions["rollout"]["calls"] == ["1 call: 1 recorded"]
    assert functions["rollout"]["details"] == ["changed line 19 ran in both versions"]
    assert functions["rollout"]["ran"] == {"before": "19", "after": "19"}
    assert report["warnings"] == []


def test_check_fix_verify_pytest_writes_only_exercised_files(tmp_path):
    """One test run for both files; the flag wins over the `pytest` setting."""
    exercised = DYNAMICS[:DYNAMICS.index("def unused")]
    write_project(tmp_path, exercised, pyproject=(
        '[tool.scanlint.verify]\npytest = "tests/no_such_file.py"\nmax-calls = 2\n'))
    (tmp_path / "sim" / "extra.py").write_text(
        "import jax\n\n\ndef spare(x):\n    step = lambda c, _: (c * 2.0, c)\n"
        "    return jax.lax.scan(step, x, None, length=3)\n")
    (tmp_path / "sim" / "__init__.py").write_text(
        "from .dynamics import State, rollout\nfrom . import extra\n")
    (tmp_path / "tests" / "test_failing.py").write_text("def test_fails():\n    assert False\n")
    spare_before = (tmp_path / "sim" / "extra.py").read_text()
    result = run_scanlint("check", "--fix", "--verify", "--pytest", "tests/", "--no-cache",
                          "--select", "SCN001", "sim/", cwd=tmp_path)
    dynamics = (tmp_path / "sim" / "dynamics.py").read_text()
    assert "def step(c, x):" in dynamics and "lambda" not in dynamics, result.stderr
    assert (tmp_path / "sim" / "extra.py").read_text() == spare_before
    assert ("sim/extra.py: fixes not applied, unverified (spare: not exercised "
            "(no test called it; the changed lines 5-6 in `step` did not run") in result.stderr
    assert "warning: the test run did not pass (pytest exit 1, 1 failed" in result.stderr
    assert result.returncode == 1  # extra.py's finding is left


def test_pytest_setting_is_one_shell_line(tmp_path):
    from scanlint.engine.config import load_settings
    from scanlint.verify.cli import pytest_line

    (tmp_path / "pyproject.toml").write_text(
        '[tool.scanlint.verify]\npytest = "tests/ -k \'solver and not slow\'"\nmax-calls = 3\n')
    settings = load_settings(str(tmp_path / "pyproject.toml"))
    assert settings.verify_max_calls == 3
    assert pytest_line(None, settings) == ["tests/", "-k", "solver and not slow"]
    assert pytest_line("tests/a.py", settings) == ["tests/a.py"]  # the flag wins
    assert pytest_line("", settings) is None  # and an empty one turns it off


def test_pytest_usage_errors(tmp_path):
    write_project(tmp_path)
    unbalanced = run_scanlint("verify", "sim/dynamics.py", "--pytest", "'tests/", cwd=tmp_path)
    assert unbalanced.returncode == 2 and "--pytest" in unbalanced.stderr
    assert "Traceback" not in unbalanced.stderr
    without_verify = run_scanlint("check", "--fix", "--pytest", "tests/", "sim/", cwd=tmp_path)
    assert without_verify.returncode == 2 and "--pytest goes with --fix --verify" in \
        without_verify.stderr
    (tmp_path / "pyproject.toml").write_text("[tool.scanlint.verify]\nmax-calls = 0\n")
    bad_setting = run_scanlint("check", "sim/", cwd=tmp_path)
    assert bad_setting.returncode == 2 and "max-calls" in bad_setting.stderr


def test_recorded_arguments_keep_dtype_and_weak_type():
    """A weak-typed jax scalar replayed as a strong one would change results."""
    import jax.numpy as jnp
    import numpy as np

    from scanlint.verify.recorder import dumps

    args = (jnp.asarray(2.0), jnp.float32(2.0), np.float16(1.5), 3, 0.5,
            {"k": jnp.ones(2, jnp.bfloat16), "t": (np.arange(3), None)})
    (weak, strong, half, count, scale, tree), kwargs = pickle.loads(dumps((args, {})))
    assert weak.aval.weak_type and not strong.aval.weak_type and weak.dtype == jnp.float32
    assert half.dtype == np.float16 and type(count) is int and type(scale) is float
    assert tree["k"].dtype == jnp.bfloat16 and tree["t"][1] is None and kwargs == {}


def test_book_deduplicates_caps_and_counts_traced_calls(tmp_path, monkeypatch):
    import jax
    import jax.numpy as jnp

    from scanlint.verify import recorder

    location = {"name": "mod", "import_root": str(tmp_path), "path": str(tmp_path / "mod.py"),
                "is_package": False}
    book = recorder.Book({"modules": [{"location": location, "functions": ["f"]}],
                          "max_calls": 2, "output": str(tmp_path)})
    monkeypatch.setattr(recorder, "BOOK", book)
    entry = recorder.EntryProxy(lambda x, n=1: x * n, "mod", "f")
    entry(jnp.ones(2))
    entry(jnp.ones(2))  # the same content
    jax.jit(entry)(jnp.ones(3))  # traced inside a jit the recorder does not see
    recorder.recording_jit(jax.jit)(entry)(jnp.ones(3), 2)  # recorded at the jit boundary
    for value in range(5):
        entry(jnp.full(2, float(value)), n=value)
    log = book.logs[("mod", "f")]
    assert (log.seen, log.duplicates, log.traced) == (9, 1, 1)
    distinct = {recorder.hashlib.sha256(recorder.dumps(call)).hexdigest() for call in
                [((jnp.ones(2),), {}), ((jnp.ones(3), 2), {})]
                + [((jnp.full(2, float(v)),), {"n": v}) for v in range(5)]}
    assert sorted(c["digest"] for c in log.calls) == sorted(distinct)[:2]  # lowest hashes
    assert log.over_cap == len(distinct) - 2


def test_module_names_follow_packages_up_to_the_project_root(tmp_path):
    """optax's layout: `_src` has no `__init__.py` but sits inside the `optax` package."""
    from scanlint.verify.loading import locate_module

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "optax" / "_src").mkdir(parents=True)
    (tmp_path / "optax" / "__init__.py").write_text("")
    (tmp_path / "optax" / "_src" / "linear_algebra.py").write_text("")
    (tmp_path / "alone.py").write_text("")
    (tmp_path / "odd-name.py").write_text("")
    found = locate_module(str(tmp_path / "optax" / "_src" / "linear_algebra.py"))
    assert (found.name, found.import_root) == ("optax._src.linear_algebra", str(tmp_path))
    package = locate_module(str(tmp_path / "optax" / "__init__.py"))
    assert (package.name, package.is_package) == ("optax", True)
    assert locate_module(str(tmp_path / "alone.py")).name == "alone"
    assert locate_module(str(tmp_path / "odd-name.py")).name == "scanlint_verify_odd_name"


def test_changed_methods_and_their_users_are_entries():
    from scanlint.verify.plan import changed_entries

    old = ("class Solver:\n    def step(self, x):\n        return x + 1\n\n"
           "    def run(self, x):\n        return self.step(x)\n\n"
           "    @property\n    def size(self):\n        return 1\n\n"
           "    def other(self):\n        return 2\n\n"
           "def solve(x):\n    return Solver().run(x)\n")
    new = old.replace("return x + 1", "return x + 1.0").replace("return 1\n", "return 2\n")
    assert changed_entries(old, new) == ["Solver.run", "Solver.step", "solve"]


def test_several_files_one_unreadable(two_commits):
    """One bad file does not stop the others; each entry and function says its path."""
    result = run_scanlint("verify", "--rev", "HEAD~1", "sim/dynamics.py", "sim/missing.py",
                          "--output-format", "json", cwd=two_commits)
    report = json.loads(result.stdout)["default"]
    assert result.returncode == 1 and "sim/missing.py" in report["error"]
    assert {f["path"] for f in report["functions"]} == {"sim/dynamics.py"}
    assert {e["status"] for e in report["entries"]} == {"not exercised"}  # no inputs asked for


def test_module_imported_before_the_plugin_is_wrapped_in_place(monkeypatch):
    """Its functions, a static method, and the names another loaded module bound to them."""
    import types

    from scanlint.verify import recorder

    module = types.ModuleType("early_mod")
    exec("def f(x):\n    return x\n\nclass C:\n    @staticmethod\n    def g(x):\n"
         "        return x\n", vars(module))
    alias = types.ModuleType("early_alias")
    alias.f = module.f
    monkeypatch.setitem(recorder.sys.modules, "early_mod", module)
    monkeypatch.setitem(recorder.sys.modules, "early_alias", alias)
    recorder.wrap_loaded(module, {"f", "C.g"})
    assert isinstance(module.f, recorder.EntryProxy) and alias.f is module.f
    assert isinstance(vars(module.C)["g"], staticmethod)
    assert isinstance(module.C.g, recorder.EntryProxy) and not module.C.g.takes_instance
