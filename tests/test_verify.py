"""`scanlint verify` end to end: jax on the CPU, both versions in subprocesses."""

import json

import pytest

from conftest import FIXTURES, run_scanlint

pytest.importorskip("jax")

COMMON = '''
import jax
import jax.numpy as jnp

STEPS = 20

def evolve(s, a, dtau, damp):
    v = jnp.array([jnp.cos(s[2]) * a[0], jnp.sin(s[2]) * a[0], a[1]])
    return s + v * dtau - damp * v

def advance(buf, a, dtau, damp):
    s, t = buf
    s_next = evolve(s, a[:, t], dtau, damp)
    return (s_next, t + 1), s_next
'''

INPUTS = '''
s0 = jnp.array([2.0, 3.0, 4.0])
a = jax.random.uniform(jax.random.PRNGKey(0), shape=(2, STEPS))
dtau = 0.01
damp = 1e-6
'''

LAMBDA = COMMON + '''
def rollout(s0, a, dtau, damp):
    step = lambda carry, _: advance(carry, a, dtau, damp)
    return jax.lax.scan(step, (s0, 0), None, length=STEPS)
''' + INPUTS

DEF = COMMON + '''
def rollout(s0, a, dtau, damp):
    def step(carry, _):
        return advance(carry, a, dtau, damp)
    return jax.lax.scan(step, (s0, 0), None, length=STEPS)
''' + INPUTS

CARRY = COMMON + '''
def advance_all(buf, _):
    s, t, a, dtau, damp = buf
    s_next = evolve(s, a[:, t], dtau, damp)
    return (s_next, t + 1, a, dtau, damp), s_next

def rollout(s0, a, dtau, damp):
    (s, t, _a, _d, _m), ys = jax.lax.scan(advance_all, (s0, 0, a, dtau, damp), None, length=STEPS)
    return (s, t), ys
''' + INPUTS


def function_named(report, name, variant="default"):
    [function] = [f for f in report[variant]["functions"] if f["name"] == name]
    return function


def verify(tmp_path, old, new, *extra):
    (tmp_path / "old").mkdir(exist_ok=True)
    (tmp_path / "new").mkdir(exist_ok=True)
    (tmp_path / "old" / "mod.py").write_text(old)
    (tmp_path / "new" / "mod.py").write_text(new)
    result = run_scanlint("verify", str(tmp_path / "old" / "mod.py"),
                          str(tmp_path / "new" / "mod.py"), "--output-format", "json", *extra)
    return result.returncode, json.loads(result.stdout) if result.stdout else result.stderr


def test_lambda_and_def_identical_with_equal_jaxprs(tmp_path):
    code, report = verify(tmp_path, LAMBDA, DEF)
    [entry] = [e for e in report["default"]["entries"] if e["kind"] != "nested"]
    assert code == 0 and entry["label"] == "rollout(s0, a, dtau, damp)"  # a call of globals
    assert entry["status"] == "equal" and entry["jaxpr_equal"] is True
    rollout = function_named(report, "rollout")
    assert rollout["status"] == "identical" and "jaxprs equal" in rollout["details"][0]
    assert "float32[3], float32[2,20]" in rollout["covers"] and "cpu" in rollout["covers"]


def test_closure_and_carry_are_proven(tmp_path):
    """Threading constants through the carry: outputs bit-identical; jax may fold a slot
    returned unchanged into a const, and the jaxprs are then equal too."""
    code, report = verify(tmp_path, DEF, CARRY)
    assert code == 0 and function_named(report, "rollout")["status"] in ("identical", "agrees")


@pytest.mark.parametrize("mutation,leaf_hint", [
    (("    return s + v * dtau - damp * v",
      "    return jnp.nextafter(s + v * dtau - damp * v, jnp.inf)"), "values differ"),  # one ulp
    (("jnp.sin(s[2]) * a[0]", "jnp.sin(s[2]) * a[1]"), "values differ"),  # swapped argument
    (("return (s_next, t + 1), s_next", "return (s_next, t + 1), s_next.astype(jnp.float16)"),
     "float16"),                                                          # changed dtype
])
def test_changed_program_is_reported_with_the_leaf(tmp_path, mutation, leaf_hint):
    code, report = verify(tmp_path, DEF, DEF.replace(*mutation))
    [entry] = [e for e in report["default"]["entries"] if e["status"] == "differs"
               and e["kind"] != "nested"]
    assert code == 1 and any(leaf_hint in d and "output: [" in d for d in entry["details"])
    differs = [f for f in report["default"]["functions"] if f["status"] == "differs"]
    assert differs, report


def test_dropped_carry_slot_changes_the_structure(tmp_path):
    dropped = CARRY.replace("    return (s, t), ys", "    return (s,), ys")
    code, report = verify(tmp_path, CARRY, dropped)
    assert code == 1 and function_named(report, "rollout")["status"] == "differs"
    assert "tuple of 2 vs tuple of 1" in function_named(report, "rollout")["details"][0]


def test_a_function_that_raises_after_the_change_differs(tmp_path):
    raising = DEF.replace("    def step(carry, _):",
                          "    raise ValueError('boom')\n    def step(carry, _):")
    code, report = verify(tmp_path, DEF, raising)
    rollout = function_named(report, "rollout")
    assert code == 1 and rollout["status"] == "differs"
    assert "raises ValueError: boom after the change only" in rollout["details"][0]


def test_function_without_inputs_is_not_exercised(tmp_path):
    """One function proven, one never run: the change as a whole is not proven (exit 1)."""
    old = LAMBDA + "\ndef helper(unknown_input):\n    return unknown_input\n"
    new = DEF + "\ndef helper(unknown_input):\n    return unknown_input + 0\n"
    code, report = verify(tmp_path, old, new)
    statuses = {f["name"]: f["status"] for f in report["default"]["functions"]}
    assert statuses == {"rollout": "identical", "helper": "not exercised"} and code == 1
    helper = function_named(report, "helper")
    assert helper["details"][0].startswith("no inputs: pass --call or --pytest")
    line = {version: 1 + text.splitlines().index("    return unknown_input" + tail)
            for version, text, tail in (("before", old, ""), ("after", new, " + 0"))}
    assert helper["not_run"] == {"after": str(line["after"])} or \
        helper["not_run"] == {k: str(v) for k, v in line.items()}


def test_explicit_call_and_bench_and_x64(tmp_path):
    code, report = verify(tmp_path, LAMBDA, CARRY, "--call", "rollout(s0, a, 0.02, 0.0)",
                          "--bench", "--dtypes", "x64")
    [entry] = [e for e in report["default"]["entries"] if e["label"].startswith("rollout")
               and e["kind"] != "nested"]
    assert entry["label"] == "rollout(s0, a, 0.02, 0.0)" and entry["status"] == "equal"
    assert entry["speed_ratio"] > 0 and entry["compile_ratio"] > 0
    assert function_named(report, "rollout", "x64")["status"] in ("identical", "agrees")
    assert code == 0


def test_fixtures_are_bit_identical_after_fix(fixtures_copy):
    """The core promise: `check --fix` on the fixtures changes nothing that jax computes."""
    before = {p.name: p.read_text() for p in fixtures_copy.glob("*.py")}
    fixed = run_scanlint("check", "--fix", "--select", "SCN001", str(fixtures_copy))
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    changed = [name for name, text in before.items() if (fixtures_copy / name).read_text() != text]
    assert sorted(changed) == ["loop_family.py", "params_closure.py", "rollout_styles.py"]
    for name in changed:
        original = fixtures_copy / f"original_{name}"
        original.write_text(before[name])
        result = run_scanlint("verify", str(original), str(fixtures_copy / name),
                              "--output-format", "json")
        functions = json.loads(result.stdout)["default"]["functions"]
        assert result.returncode == 0 and functions
        assert all(f["status"] == "identical" for f in functions), functions


def test_verify_one_file_against_its_fix():
    result = run_scanlint("verify", str(FIXTURES / "rollout_styles.py"))
    assert result.returncode == 0
    assert "rollout_lambda: identical (jaxprs equal" in result.stdout


def test_verify_usage_errors(tmp_path):
    assert run_scanlint("verify", str(tmp_path / "missing.py")).returncode == 2
    assert run_scanlint("verify", "a.py", "b.py", "c.py").returncode == 2
    (tmp_path / "mod.py").write_text(LAMBDA)
    undefined = run_scanlint("verify", str(tmp_path / "mod.py"), "--call", "run_all(q)")
    assert undefined.returncode == 2 and "no FILE defines q, run_all" in undefined.stderr
    cast = run_scanlint("verify", str(tmp_path / "mod.py"), "--pytest", "tests/",
                        "--dtypes", "x64")
    assert cast.returncode == 2 and "--dtypes" in cast.stderr and "Traceback" not in cast.stderr


def test_check_fix_verify_applies_only_proven_files(fixtures_copy):
    family = fixtures_copy / "loop_family.py"
    family.write_text(family.read_text() + (
        "\n\ndef uncallable(thing):\n    bump = lambda c, x: (c + thing, x)\n"
        "    return lax.scan(bump, 0.0, thing)\n"))
    family_before = family.read_text()
    rollout = fixtures_copy / "rollout_styles.py"
    result = run_scanlint("check", "--fix", "--verify", "--no-cache", "--select", "SCN001",
                          str(fixtures_copy))
    assert result.returncode == 1
    assert "def step(carry, _unused):" in rollout.read_text()
    assert family.read_text() == family_before
    assert "fixes not applied, unverified (uncallable: not exercised (no inputs: pass --call" \
        in result.stderr
    assert "rollout_styles.py: proven (identical), fixes written" in result.stderr
    assert "2 fixed, 8 remaining" in result.stderr


def test_rev_compares_with_a_git_revision_and_hlo_is_compared(tmp_path):
    import subprocess

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                       cwd=tmp_path, check=True, capture_output=True)

    (tmp_path / "mod.py").write_text(LAMBDA)
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "lambda style")
    (tmp_path / "mod.py").write_text(DEF)
    result = run_scanlint("verify", "--rev", "HEAD", "--hlo", "--output-format", "json",
                          str(tmp_path / "mod.py"))
    [entry] = [e for e in json.loads(result.stdout)["default"]["entries"]
               if e["kind"] != "nested"]
    assert result.returncode == 0 and entry["status"] == "equal"
    assert entry["jaxpr_equal"] is True and entry["hlo_equal"] is True
    missing = run_scanlint("verify", "--rev", "no-such-rev", str(tmp_path / "mod.py"))
    assert missing.returncode == 2


STATIC = '''
import jax
import jax.numpy as jnp

def decay(x, n, tol):
    step = lambda c, _: (c * 0.5, c)
    if tol > 0:
        x = x + tol
    return jax.lax.scan(step, x, None, length=n)

x0 = jnp.arange(3.0)
'''


def test_python_int_and_float_arguments_are_static_in_the_jaxpr(tmp_path):
    """An int used as `length=` and a float read by an `if` are static in the jaxpr, as users
    mark them with static_argnums; the lambda and the def then trace identically, and the
    verdict says which static values the proof covers."""
    new = STATIC.replace("    step = lambda c, _: (c * 0.5, c)",
                         "    def step(c, _):\n        return c * 0.5, c")
    code, report = verify(tmp_path, STATIC, new, "--call", "decay(x0, 4, 0.5)")
    decay = function_named(report, "decay")
    assert decay["status"] == "identical" and code == 0, decay
    assert "static: 4, 0.5" in decay["covers"]


def test_package_module_runs_under_its_dotted_name(tmp_path):
    """A module of a package, with a relative import, is loaded as `pkg.core`: its
    `from . import base` resolves and the package's `__init__` imports the same version."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from .core import run\n")
    (tmp_path / "pkg" / "base.py").write_text("import jax.numpy as jnp\nSCALE = jnp.float32(0.5)\n")
    (tmp_path / "pkg" / "core.py").write_text(
        "import jax\nimport jax.numpy as jnp\nfrom . import base\nimport pkg\n\n"
        "def run(x, n):\n    step = lambda c, _: (c * base.SCALE, c)\n"
        "    assert pkg.run is run, 'the package sees another version'\n"
        "    return jax.lax.scan(step, x, None, length=n)\n\nx0 = jnp.arange(3.0)\n")
    result = run_scanlint("verify", str(tmp_path / "pkg" / "core.py"), "--call", "run(x0, 3)",
                          "--output-format", "json")
    [run] = json.loads(result.stdout)["default"]["functions"]
    assert run["status"] == "identical" and result.returncode == 0, run
