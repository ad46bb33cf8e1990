"""The speed machinery changes nothing but speed: jobs, cache, prefilters."""

import json
import os
import sys

import libcst as cst
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, ROOT, run_scanlint
from scanlint.core.settings import Settings
from scanlint.engine.cache import ResultCache
from scanlint.prefilter.syntax import (jit_facts, may_apply_jit, may_call_family, may_have_site,
                                       may_hold_unrolled_loop, parse, text_may_hold_site)
from scanlint.prefilter.text import may_contain_site
from scanlint.semantic.jit_iterations import array_iterations, layer_loops
from scanlint.semantic.jit_loops import jit_comprehensions, jit_loops
from scanlint.semantic.model import FileModel
from scanlint.source.discovery import discover
from scanlint.source.reading import read_source
import process_groups

SOURCE = ("import jax\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")


def many_files(tmp_path, count=40):
    for i in range(count):
        body = SOURCE if i % 3 else "import os\nprint(os.sep)\n"
        (tmp_path / f"m{i:02d}.py").write_text(body.replace("k * x", f"k * x + {i}"))


def test_same_findings_with_one_or_two_jobs_and_with_or_without_cache(tmp_path):
    many_files(tmp_path)
    outputs = set()
    for args in (["--jobs", "1", "--no-cache"], ["--jobs", "2", "--no-cache"],
                 ["--jobs", "2", "--cache-dir", str(tmp_path / "c")],  # fills the cache
                 ["--jobs", "2", "--cache-dir", str(tmp_path / "c")],  # reads it
                 ["--jobs", "1", "--cache-dir", str(tmp_path / "c")]):
        result = run_scanlint("check", "--output-format", "json", *args, ".", cwd=tmp_path)
        assert result.returncode == 1
        outputs.add(result.stdout)
    assert len(outputs) == 1 and len(json.loads(outputs.pop())) == 26


def test_cache_key_changes_with_content_settings_and_version(monkeypatch, tmp_path):
    import scanlint.engine.cache

    base = ResultCache(str(tmp_path), Settings())
    key = base.key("a.py", b"x = 1\n")
    assert key == ResultCache(str(tmp_path), Settings()).key("a.py", b"x = 1\n")
    assert key != base.key("a.py", b"x = 2\n")
    assert key != ResultCache(str(tmp_path), Settings(param_style="carry")).key("a.py", b"x = 1\n")
    monkeypatch.setattr(scanlint.engine.cache, "__version__", "999.0")
    assert key != ResultCache(str(tmp_path), Settings()).key("a.py", b"x = 1\n")
    monkeypatch.undo()
    monkeypatch.setattr(scanlint.engine.cache, "code_fingerprint", lambda: "edited")
    assert key != ResultCache(str(tmp_path), Settings()).key("a.py", b"x = 1\n")


def test_cache_is_invalidated_by_an_edit(tmp_path):
    path = tmp_path / "a.py"
    path.write_text(SOURCE)
    cache = ["--cache-dir", str(tmp_path / "c")]
    assert run_scanlint("check", *cache, "a.py", cwd=tmp_path).returncode == 1
    path.write_text(SOURCE.replace("step = lambda c, x: (c + k * x, c)",
                                   "def step(c, x):\n        return c + k * x, c"))
    assert run_scanlint("check", *cache, "a.py", cwd=tmp_path).returncode == 0
    assert run_scanlint("check", *cache, "--step-style", "any", "a.py", cwd=tmp_path
                        ).returncode == 0


def test_a_damaged_cache_entry_is_a_miss(tmp_path):
    (tmp_path / "a.py").write_text(SOURCE)
    cache = tmp_path / "c"
    run_scanlint("check", "--cache-dir", str(cache), "a.py", cwd=tmp_path)
    for entry in cache.rglob("*.json"):
        entry.write_text("{not json")
    result = run_scanlint("check", "--cache-dir", str(cache), "a.py", cwd=tmp_path)
    assert result.returncode == 1 and "SCN001" in result.stdout


def test_a_warm_run_never_imports_libcst(tmp_path):
    many_files(tmp_path)
    cache = str(tmp_path / "c")
    run_scanlint("check", "--cache-dir", cache, ".", cwd=tmp_path)
    probe = ("import sys\nfrom scanlint.cli import main\n"
             f"code = main(['check', '-q', '--cache-dir', {cache!r}, '.'])\n"
             "print('LIBCST' if 'libcst' in sys.modules else 'NO-LIBCST', code)\n")
    result = process_groups.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                                text=True)
    assert result.stdout.strip().endswith("NO-LIBCST 1"), result.stdout + result.stderr


def test_prefilters_never_drop_a_file_with_a_site():
    files = discover([str(FIXTURES), str(ROOT / "tests"), str(ROOT / "scanlint")]).files
    with_sites = with_jit_loops = 0
    for path in files:
        text = read_source(path).text
        try:
            model = FileModel(cst.parse_module(text), text)
        except cst.ParserSyntaxError:
            continue
        counted = jit_loops(model) or jit_comprehensions(model)
        jit_sites = counted or array_iterations(model) or layer_loops(model)
        if model.sites or jit_sites:
            with_sites += bool(model.sites)
            with_jit_loops += bool(jit_sites)
            assert may_contain_site(text) and text_may_hold_site(text) and may_have_site(text), path
        if model.sites or counted:  # what the prefilters keep when no rule reads more
            assert text_may_hold_site(text, False) and may_have_site(text, iterations=False)
    assert with_sites >= 6 and with_jit_loops >= 1


def test_text_test_before_ast_finds_every_way_to_name_a_family_function():
    assert may_call_family("from jax.lax import (\n    cond,  # why\n    scan as s,\n)\n")
    assert may_call_family("from jax.lax import *\n")
    assert may_call_family("x = (lax.  # why\n     scan)(f, 0, xs)\n")
    assert may_call_family("jax.lax \\\n    .fori_loop(0, 3, f, 0)\n")
    assert not may_call_family("import jax\nfrom jax import lax\nx = map(f, lax.cond)\n")
    # A long name after `import` once made the search backtrack for minutes.
    assert not may_call_family("import " + "a" * 60 + "\nx = 1\n")
    # A banner comment after a dot: `#[^\n]*` repeated could split it in exponentially
    # many ways (80 of them would not finish); each comment now runs to its line's end.
    assert not may_call_family("x = 1.\n" + "#" * 80 + "\n")
    assert not may_call_family("from jax import (\n" + "#" * 80 + "\n")


def test_ast_prefilter_rejects_lookalikes():
    assert not may_have_site("import numpy as np\nnp.lax = 1\nrelax = map(str, [])\n")
    assert not may_have_site("import jax\nresult = map(len, [])\nscan = 1\n")
    assert not may_have_site("import jax\nys = jax.tree.map(f, xs)\n")  # not jax.lax
    assert not may_have_site('import jax\ndef f():\n    """Like jax.lax.scan(f)."""\n')
    assert may_have_site("from jax.lax import scan as s\ns(f, 0, x)\n")
    assert may_have_site("import jax.lax as L\nL.map(f, x)\n")
    assert may_have_site("from jax.lax import *\nscan(f, 0, x)\n")
    # Only the names the model resolves: jax's own `_src.lax` package is not `jax.lax`.
    assert not may_have_site("from jax._src import lax\nlax.scan(f, 0, x)\n")
    assert may_have_site("from jax._src.lax.control_flow import scan\nscan(f, 0, x)\n")
    assert may_have_site("from flax.nnx import compat\ncompat.while_loop(c, f, 0)\n")


def test_the_prefilter_takes_exactly_the_models_callees():
    from scanlint.prefilter.syntax import LOOP_ALIASES, LOOP_FUNCTIONS
    from scanlint.semantic.model import ALIASES, SIGNATURES

    assert LOOP_FUNCTIONS == frozenset(SIGNATURES) and LOOP_ALIASES is ALIASES


JIT_LOOP = "    for _ in range(10):\n        x = jnp.cos(x)\n    return x\n"


@pytest.mark.parametrize("source", [
    "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n" + JIT_LOOP,
    "from jax import jit as compile_\nimport jax.numpy as jnp\n@compile_\ndef f(x):\n" + JIT_LOOP,
    "import functools, jax\nimport jax.numpy as jnp\n"
    "@functools.partial(jax.jit, static_argnums=0)\ndef f(x):\n" + JIT_LOOP,
    "import jax\nimport jax.numpy as jnp\nclass M:\n    @jax.jit\n    def f(x):\n"
    + JIT_LOOP.replace("\n    ", "\n        ").replace("    for", "        for", 1),
    "import jax\nimport jax.numpy as jnp\ndef f(x):\n" + JIT_LOOP
    + "fast = jax.jit(  # wrap\n    f)\n",
    "import equinox as eqx\nimport jax.numpy as jnp\n@eqx.filter_jit\ndef f(x):\n" + JIT_LOOP,
    "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, n=10):\n"
    + JIT_LOOP.replace("range(10)", "range(n)"),
    "import functools, jax\nimport jax.numpy as jnp\n@functools.partial(\n    jax.jit,\n"
    "    static_argnums=0)\ndef f(x):\n" + JIT_LOOP,
    "from jax import (jit  # the compiler\n    as J)\nimport jax.numpy as jnp\n@J\ndef f(x):\n"
    + JIT_LOOP,
    "import functools, jax\nimport jax.numpy as jnp\ndef f(x, n):\n" + JIT_LOOP
    + "fast = jax.jit(functools.partial(f, n=3))\n",
    "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x): return [x * i for i in range(3)]\n",
    ("import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n" + JIT_LOOP).replace("\n", "\r"),
    # Trip counts from a static argument's calls, a shape, an attribute; jit through a
    # transformation, a lambda, a bound method.
    "import jax\nimport jax.numpy as jnp\ndef f(x, n):\n"
    + JIT_LOOP.replace("range(10)", "range(n)") + "fast = jax.jit(f, static_argnums=1)\n"
    "fast(1.0, 200)\n",
    "import jax\nimport jax.numpy as jnp\ndef f(x):\n"
    + JIT_LOOP.replace("range(10)", "range(x.shape[0])") + "g = jax.jit(jax.grad(f))\n",
    "import jax\nimport jax.numpy as jnp\ndef f(x, w):\n" + JIT_LOOP
    + "g = jax.jit(lambda v: f(v, 2.0))\n",
    "import jax\nimport jax.numpy as jnp\nclass M:\n    def __init__(self, w):\n"
    "        self.w = jnp.asarray(w)\n    def run(self, x):\n"
    "        for _ in range(self.w.shape[0]):\n            x = jnp.cos(x)\n        return x\n"
    "def make():\n    m = M([1.0] * 40)\n    return jax.jit(m.run)\n",
    # Iteration over an array (SCN302), a loop over identical layers (SCN303).
    "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n"
    "    return sum(jnp.linspace(0.0, 1.0, 40) * x)\n",
    "import jax\nimport jax.numpy as jnp\nL = [jnp.eye(3) for _ in range(20)]\n"
    "@jax.jit\ndef f(ws, x):\n    for w in ws:\n        x = w @ x\n    return x\nf(L, 1.0)\n",
])
def test_prefilters_pass_loops_under_jit(source):
    model = FileModel(cst.parse_module(source), source)
    counted = jit_loops(model) or jit_comprehensions(model)
    assert counted or array_iterations(model) or layer_loops(model)
    assert may_contain_site(source) and text_may_hold_site(source) and may_have_site(source)
    if counted or layer_loops(model):  # SCN301's and SCN303's: a `for`, or over `range`
        assert text_may_hold_site(source, False) and may_have_site(source, iterations=False)


def test_without_iteration_rules_only_counted_loops_are_kept():
    jitted = "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n"
    for body in ("    return sum(jnp.linspace(0.0, 1.0, 40) * x)\n",
                 "    return jnp.stack([r * 2 for r in x])\n"):
        assert may_have_site(jitted + body) and text_may_hold_site(jitted + body)
        assert not may_have_site(jitted + body, iterations=False)
    # (what only a PROGRAM rule reports, `@jax.jit`, is asked of the text apart)
    assert not text_may_hold_site(jitted + "    return sum(x)\n", False, program=False)
    ranged = jitted + "    return jnp.stack([x * i for i in range(30)])\n"
    assert text_may_hold_site(ranged, False) and may_have_site(ranged, iterations=False)


def test_prefilters_reject_loops_jit_cannot_reach():
    loop = "import jax.numpy as jnp\ndef f(x):\n" + JIT_LOOP
    # no jit decorates or is called: not even `ast` is asked
    assert not text_may_hold_site("import jax\n" + loop + "g = jax.jit\n")
    assert not may_contain_site(loop)  # no `jit` in the text
    assert not may_have_site(loop + "import numba\n@numba.jit\ndef g(x):\n" + JIT_LOOP)
    # a jit of another function, and a jitted def that iterates over nothing
    assert not may_have_site("import jax\n" + loop + "g = jax.jit(jnp.cos)\n")
    assert not may_have_site("import jax\n" + loop + "@jax.jit\ndef g(x):\n    return x\n")


def test_one_statement_at_a_time():
    source = ("import jax\nimport jax.numpy as jnp\nN = 10\n"
              "def f(x):\n" + JIT_LOOP + "def g(x):\n" + JIT_LOOP + "fast = jax.jit(f)\n"
              "other = jax.jit(jnp.cos)\n")
    tree = parse(source)
    facts = jit_facts(tree, source)
    verdicts = [may_hold_unrolled_loop(statement, facts) for statement in tree.body]
    # imports, N, def f (wrapped), def g (not wrapped), the wrap of f, another wrap
    assert verdicts == [False, False, False, True, False, True, False]


def test_a_banner_comment_in_a_jit_call_is_read_in_linear_time():
    # `#[^\n]*` repeated could split `####...` in exponentially many ways: 60 of them would
    # not finish. Each comment now ends at its newline.
    source = ("import jax\njax.jit(  " + "#" * 60 + "\n    simulate)\n"
              "def simulate(x):\n" + JIT_LOOP)
    assert jit_facts(parse(source), source).wrapped == {"simulate"}


# Ways of applying a jit the text test must take whenever `ast` may: decorators and calls,
# through imports, aliases, `partial`, with comments and line breaks in between.
_JITS = st.sampled_from(["jax.jit", "jit", "J", "eqx.filter_jit", "nnx.jit", "jax . jit",
                         "jax.\\\n    jit", "partial(jax.jit, static_argnums=0)"])


@settings(max_examples=200, deadline=None)
@given(_JITS, st.booleans(), st.sampled_from(["", "  # a comment", "\\"]), st.booleans())
def test_the_text_test_takes_every_jit_ast_may(jit, decorate, gap, iterations):
    header = ("import jax\nimport equinox as eqx\nfrom flax import nnx\n"
              "from functools import partial\nfrom jax import jit\nfrom jax import jit as J\n")
    body = "def f(x):\n    for r in x:\n        x = x + r\n    return x\n"
    if decorate:
        source = f"{header}@{jit}\n{body}"
    else:
        source = f"{header}{body}g = {jit}(\n    f){gap}\n".replace("\\\n    f)\\", "f)")
    tree = parse(source)
    if tree is None:
        return
    facts = jit_facts(tree, source, iterations=iterations)
    if facts is not None and any(may_hold_unrolled_loop(s, facts) for s in tree.body):
        assert may_apply_jit(source, iterations), source


# -- a warm run reads no unchanged file -----------------------------------------------------
def run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=0):
    """Check ``tmp_path`` in process with the cache; the paths read, and the results."""
    import scanlint.engine.cache
    import scanlint.engine.runner
    from scanlint.source.discovery import discover as find

    reads = []
    real_read = scanlint.engine.runner.read_source
    monkeypatch.setattr(scanlint.engine.runner, "read_source",
                        lambda path: reads.append(path) or real_read(path))
    real_now = scanlint.engine.cache.now_ns
    monkeypatch.setattr(scanlint.engine.runner, "now_ns", lambda: real_now() + clock_offset_ns)
    files = find([str(tmp_path)], base=str(tmp_path)).files
    files = [f for f in files if "/c/" not in f]
    results = scanlint.engine.runner.run_files(files, Settings(), jobs=1,
                                               cache_dir=str(tmp_path / "c"))
    return reads, results


def test_a_warm_run_reads_no_unchanged_file(monkeypatch, tmp_path):
    many_files(tmp_path, count=6)
    cold, results = run_counting_reads(monkeypatch, tmp_path)
    assert len(cold) == 6
    # Just written: within RACY_NS of the read, so their stat is not trusted yet.
    racy, _ = run_counting_reads(monkeypatch, tmp_path)
    assert len(racy) == 6
    later, again = run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=10**10)
    assert len(later) == 6  # read once more, now long after their last change
    warm, warm_results = run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=10**10)
    assert warm == []
    assert ([[(d.code, d.start) for d in r.diagnostics] for r in warm_results]
            == [[(d.code, d.start) for d in r.diagnostics] for r in results])
    assert sum(len(r.diagnostics) for r in warm_results) == 4


def test_an_edit_keeping_size_and_mtime_is_read_again(monkeypatch, tmp_path):
    path = tmp_path / "a.py"
    path.write_text(SOURCE)
    for offset in (0, 10**10):  # the second run records a trusted stat
        run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=offset)
    assert run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=10**10)[0] == []
    before = path.stat()
    path.write_text(SOURCE.replace("k * x", "k + x"))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size
    reads, results = run_counting_reads(monkeypatch, tmp_path, clock_offset_ns=10**10)
    assert reads == [str(path)]
    assert "k + x" in json.dumps(
        [d.fix.edits[0].content for d in results[0].diagnostics if d.fix])


def test_a_stat_close_to_its_read_is_not_trusted(tmp_path):
    from scanlint.engine.cache import RACY_NS, FileIndex

    path = tmp_path / "a.py"
    path.write_text("x = 1\n")
    stat = path.stat()
    index = FileIndex(str(tmp_path / "c"), "salt")
    index.record(str(path), stat, stat.st_ctime_ns + RACY_NS // 2, "key")
    assert index.key(str(path), stat) is None  # changed too close to the read
    index.record(str(path), stat, stat.st_ctime_ns + 2 * RACY_NS, "key")
    assert index.key(str(path), stat) == "key"
    index.save()
    assert FileIndex(str(tmp_path / "c"), "salt").key(str(path), stat) == "key"
    assert FileIndex(str(tmp_path / "c"), "other settings").key(str(path), stat) is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab_1 .(\nés", max_size=40),
       st.sampled_from(["ab", "a\\w*", "(?:ab|b)\\b", "a(?:[ .]*b)?", "é", "s\\b"]))
def test_starting_words_is_finditer_after_a_word_boundary(text, pattern):
    import re

    from scanlint.prefilter.words import starting_words

    ours = [m.span() for m in starting_words(re.compile(pattern), text)]
    assert ours == [m.span() for m in re.finditer(r"\b" + pattern, text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab \n\r\u0301\u00e9\uff53\u2028\ufb01", max_size=40))
def test_searchable_text_is_the_text_normalized(text):
    import unicodedata

    from scanlint.prefilter.syntax import _searchable

    assert _searchable(text) == unicodedata.normalize("NFKC", text)
