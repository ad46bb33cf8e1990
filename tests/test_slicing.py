"""What LibCST sees (`slicing.py`): findings, fixes and positions exactly as with a full
parse, and what a stub hides is never answered from the stub."""

import importlib.util
import sys

import libcst as cst
import pytest

from conftest import FIXTURES, ROOT
from scanlint.core.settings import Settings
from scanlint.engine.check import check_text
from scanlint.prefilter import slicing
from scanlint.prefilter.syntax import may_have_site, parse, text_may_hold_site
from scanlint.prefilter.text import may_contain_site
from scanlint.rules import Valid, all_rules
from scanlint.semantic.model import FileModel
from scanlint.source.discovery import discover
from scanlint.source.reading import read_source
import process_groups


def _load_equivalence():
    spec = importlib.util.spec_from_file_location(
        "slice_equivalence", ROOT / "benchmarks" / "slice_equivalence.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


equivalence = _load_equivalence()

# Every way a stub could change what LibCST makes of the rest: comments after a body at the
# body's indentation, deeper, shallower and at column 0; decorators with comments between;
# a form feed above a kept def; a class; methods of a class with a loop; an async def; a
# non-ASCII name; the file's first indented block inside a stub (its width is the module's
# default indent); fixes by statement (SCN001), by a whole-module diff (SCN204) and moving a
# def (SCN101).
TRICKY = '''import functools
import jax


def first_block(x):
  # two spaces: the first indented block of the file
  return x


def helper_one(x):
    # a comment at the body's indentation
    return x + 1
    # a trailing comment the block owns

# a comment the next statement owns
\x0c
def advance(state, _):
    s, t, a, dt = state
    s2 = s + a[t] * dt
    return (s2, t + 1, a, dt), s2


@functools.lru_cache()
# between decorators
@functools.wraps(first_block)
def helper_two(y):  # trailing
    if y:
        return y
        # a deeper trailing comment
    return -y
      # an odd indentation


class Table:
    """Doc."""
    x: int = 0


def rollout(s0, a, dt):
    return jax.lax.scan(advance, (s0, 0, a, dt), None, length=3)


def effects(xs):
    def body(c, x):
        print(x)
        return c + x, c
    return jax.lax.scan(body, 0.0, xs)


def lam(xs, k):
    step = lambda c, x: (c + x * k, c)
    return jax.lax.scan(step, 0.0, xs)


class Runner:
    """A loop in a method: the other methods may be stubs."""
    scale = 2.0

    @staticmethod
    def helper_three(x):
        return x * 2
        # owned by the method's block

    def run(self, xs):
        def step(c, x):
            return c + x * self.scale, c
        return jax.lax.scan(step, 0.0, xs)

    def last_method(self):
        return 1
    # owned by the class's block
# owned by the next statement


async def later():
    return 1


def évolution(pas):
    return pas
    \t
def last_one():
    return 2'''


def variants(text):
    yield "lf", text + "\n"
    yield "no-final-newline", text
    yield "crlf", (text + "\n").replace("\n", "\r\n")


def stubbed(text):
    selection = slicing.select(text, parse(text))
    return {stub.name for stub in selection.stubs.values()} if selection else set()


@pytest.mark.parametrize("name,text", list(variants(TRICKY)))
def test_tricky_file_gives_the_same_findings_fixes_and_statements(name, text):
    assert {"first_block", "helper_one", "helper_two", "Table", "later", "helper_three",
            "last_method"} <= stubbed(text)
    assert {"advance", "rollout", "effects", "lam", "Runner", "run"}.isdisjoint(stubbed(text))
    assert equivalence.compare_text(text, "tricky.py") == []
    assert equivalence.stub_fidelity(text) == []
    codes = {d.code for d in check_text(text, "tricky.py", Settings(param_style="closure"))}
    assert {"SCN001", "SCN101", "SCN204"} <= codes  # the fixes above were compared


def test_fixtures_and_jax_control_flow_give_the_same_findings_and_fixes():
    jax = pytest.importorskip("jax")
    root = __import__("pathlib").Path(jax.__file__).parent
    # The fixtures' bodies call every helper they define (all kept); these jax modules have
    # sites among many defs the sites do not need.
    modules = [root / "_src/lax/linalg.py", root / "_src/tpu/linalg/eigh.py",
               root / "experimental/ode.py"]
    files = discover([str(FIXTURES), str(root / "_src/lax/control_flow"),
                      *(str(m) for m in modules if m.is_file())]).files
    sliced = 0
    for path in files:
        text = read_source(path).text
        # The findings hold every fix's edits; applying them (fix=True) is left to the tricky
        # file and to benchmarks/slice_equivalence.py, to keep this test short.
        assert equivalence.compare_text(text, path, fix=path.startswith(str(FIXTURES))) == [], path
        assert equivalence.stub_fidelity(text) == [], path
        sliced += bool(stubbed(text)) and may_have_site(text)
    # The selection was at work, not bypassed (linalg.py and ode.py; eigh.py's one
    # left-out def calls its site's function, so it is kept for rules reading its calls).
    assert sliced >= 2


def test_every_rule_case_gives_the_same_findings_and_fixes():
    for rule in all_rules():
        cases = [(c.code, c.settings) if isinstance(c, Valid) else (c, {}) for c in rule.VALID]
        cases += [(c.code, c.settings) for c in rule.INVALID]
        for code, extra in cases:
            settings = Settings(select=(rule.CODE,), **extra)
            assert (equivalence.outcome(code, "case.py", settings, True, True)
                    == equivalence.outcome(code, "case.py", settings, True, False)), code


def test_the_tests_own_sources_keep_their_statements_as_stubs():
    for path in discover([str(ROOT / "tests"), str(ROOT / "scanlint")]).files:
        assert equivalence.stub_fidelity(read_source(path).text) == [], path


# -- what a stub hides is asked for, never guessed ---------------------------------------------
ELSEWHERE = '''import jax


def advance(state, _):
    s, a = state
    return (s + a, a), s


def rollout(s0, a):
    return jax.lax.scan(advance, (s0, a), None, length=3)


def elsewhere():
    return advance
'''


def test_references_read_in_a_stub_widen_the_selection(monkeypatch):
    widened = []
    original = slicing.Selection.widened

    def counting(self, need, source):
        widened.append(need)
        return original(self, need, source)

    monkeypatch.setattr(slicing.Selection, "widened", counting)
    assert stubbed(ELSEWHERE) == {"elsewhere"}
    settings = Settings(param_style="closure")
    found = check_text(ELSEWHERE, "a.py", settings)
    assert [d.code for d in found] == ["SCN101"] and found[0].fix is None  # used twice
    assert [need.reading for need in widened] == [frozenset({"advance"})]
    assert equivalence.compare_text(ELSEWHERE, "a.py") == []


NEXT_TO_A_STUB = '''import jax


def body(c, x):
    c = c + x
    print(x)
def helper():
    return 1


def run(xs):
    return jax.lax.scan(body, 0.0, xs)
'''


def test_a_whole_module_diff_next_to_a_stub_widens_the_selection(monkeypatch):
    """SCN204's fix diffs the whole module: a difference found by comparing characters could
    end differently next to a stub than next to the code it stands for."""
    widened = []
    original = slicing.Selection.widened
    monkeypatch.setattr(slicing.Selection, "widened",
                        lambda self, need, source: widened.append(need.lines)
                        or original(self, need, source))
    assert stubbed(NEXT_TO_A_STUB) == {"helper"}
    [found] = [d for d in check_text(NEXT_TO_A_STUB, "a.py", Settings()) if d.code == "SCN204"]
    assert found.fix is not None and widened == [(5, 7)]
    assert equivalence.compare_text(NEXT_TO_A_STUB, "a.py") == []


def sliced_model(text):
    selection = slicing.select(text, parse(text))
    source = selection.source()
    return FileModel(cst.parse_module(source.text), text, source.tree, source)


def test_a_stub_binding_and_a_walk_into_a_stub_raise():
    model = sliced_model(ELSEWHERE)
    [binding] = model.module_scope.bindings["elsewhere"]
    assert binding.kind == "def" and binding.assigned_value is None
    with pytest.raises(slicing.OutsideSlice) as raised:
        binding.node
    assert raised.value.defining == {"elsewhere"}
    with pytest.raises(slicing.OutsideSlice) as raised:
        list(model.module_scope.walk())
    assert raised.value.everything
    [advance] = model.module_scope.bindings["advance"]
    with pytest.raises(slicing.OutsideSlice):
        model.references(advance)
    model.close()


def test_the_switch_turns_the_selection_off(monkeypatch):
    assert slicing.select(ELSEWHERE, parse(ELSEWHERE)) is not None
    monkeypatch.setenv(slicing.FULL_PARSE_VARIABLE, "1")
    assert slicing.select(ELSEWHERE, parse(ELSEWHERE)) is None


def test_names_are_matched_as_python_spells_them():
    # `ast` gives `ｌ` as `l`; the source keeps `ｌ`. The prefilter used to miss this site.
    text = "import jax.lax as ｌ\n\ndef run(f, xs):\n    return ｌ.scan(f, 0.0, xs)\n"
    assert may_have_site(text)
    assert len(FileModel(cst.parse_module(text), text).sites) == 1


@pytest.mark.parametrize("text", [
    # NNX files may spell neither `jax` nor `lax`; `nnx.scan` need not be called
    "from flax import nnx\n\n@nnx.scan\ndef step(c, x):\n    return c + x, c\n",
    "import flax.nnx as n\n\ndef run(f, y):\n    return n.fori_loop(0, 3, f, y)\n",
    "from flax.nnx import scan as sc\nfrom functools import partial\n\n"
    "@partial(sc, out_axes=0)\ndef step(c, x):\n    return c, x\n",
    "from flax.nnx.transforms import iteration\n\n"
    "def run(f, y):\n    return iteration.while_loop(f, f, y)\n",
])
def test_nnx_sites_pass_the_prefilters_and_stay_out_of_stubs(text):
    text += "\n\ndef unrelated():\n    return 1\n"
    assert may_contain_site(text) and text_may_hold_site(text) and may_have_site(text)
    model = FileModel(cst.parse_module(text), text)
    assert [s.nnx for s in model.sites] == [True]
    selection = slicing.select(text, parse(text))
    assert selection is not None  # `unrelated` goes; the def holding the site stays
    assert {stub.name for stub in selection.stubs.values()} == {"unrelated"}


def test_a_file_no_site_can_be_in_imports_neither_libcst_nor_rules():
    probe = ("import sys\nfrom scanlint.engine.check import check_text\n"
             "from scanlint.core.settings import Settings\n"
             "text = 'import jax\\nfrom jax import lax\\nx = lax.cond\\nscan = map\\n'\n"
             "print(check_text(text, 'a.py', Settings()),\n"
             "      sorted(m for m in sys.modules if m.startswith(('libcst', 'scanlint.rules'))))\n")
    result = process_groups.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                cwd=ROOT)
    assert result.stdout.strip() == "[] []", result.stdout + result.stderr


# -- no rule undoes the selection on jax's large modules (issue 17) --------------------------
JAX_MODULES = ("numpy/lax_numpy.py", "lax/linalg.py", "lax/control_flow/loops.py")


@pytest.mark.parametrize("module", JAX_MODULES)
@pytest.mark.parametrize("style", ["default", "closure", "carry"])
def test_no_rule_forces_a_whole_parse_of_jax_modules(module, style, monkeypatch):
    """The engine's parse statistics (not times): every rule asks only what the selection
    holds, or what a narrow widening adds; none sends the file whole to LibCST."""
    spec = importlib.util.find_spec("jax")
    path = __import__("pathlib").Path(spec.origin).parent / "_src" / module if spec else None
    if path is None or not path.is_file():
        pytest.skip("jax's sources are not installed")
    from scanlint.engine import check

    text = read_source(str(path)).text
    log = []
    monkeypatch.setattr(check, "PARSE_LOG", log)
    settings = Settings() if style == "default" else Settings(param_style=style)
    check_text(text, str(path), settings)
    for stats in log:
        assert not stats.full, stats.needs
        assert stats.widenings <= 1, stats.needs
        assert stats.parsed[-1] < stats.lines // 3, stats.parsed
