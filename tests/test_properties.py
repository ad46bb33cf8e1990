"""Property tests: random programs never crash the model; fixes parse and are idempotent."""

import hypothesmith
import libcst as cst
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, fix_text

STYLES = [Settings(), Settings(param_style="carry"), Settings(param_style="closure"),
          Settings(param_style="consistent", step_style="def")]
HEADER = "import jax\nfrom jax import lax\n_ = lax.scan\n"
FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def assert_sound(source: str) -> None:
    for style in STYLES:
        found = check_text(source, "gen.py", style)
        assert not [d for d in found if d.code == "SCN990"], (source, found)
        once = fix_text(source, "gen.py", style, unsafe=True)
        assert not once.errors, (source, once.errors)
        cst.parse_module(once.text)
        twice = fix_text(once.text, "gen.py", style, unsafe=True)
        assert twice.text == once.text, (source, once.text, twice.text)


@FAST
@given(hypothesmith.from_grammar())
def test_random_python_never_crashes_the_model(program):
    source = HEADER + program
    try:
        cst.parse_module(source)
    except Exception:
        return  # the grammar can produce code LibCST's parser rejects in context
    for style in STYLES:
        found = check_text(source, "gen.py", style)
        assert not [d for d in found if d.code == "SCN990"], (source, found)


IMPORTS = [("import jax", "jax.lax.{}"), ("from jax import lax", "lax.{}"),
           ("from jax import lax as L", "L.{}"), ("import jax.lax as lx", "lx.{}")]
NAMES = ["a", "b", "k", "dt"]


@st.composite
def scan_programs(draw):
    imp, callee_form = draw(st.sampled_from(IMPORTS))
    captured = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=3))
    threaded = draw(st.lists(st.sampled_from([n for n in NAMES if n not in captured]),
                             unique=True, max_size=2))
    kind = draw(st.sampled_from(["def", "lambda", "inline"]))
    use = draw(st.sampled_from(["return {}", "out = {}\n    return out", "{}\n    return 0",
                                "return {}[1]", "c, ys = {}\n    return c"]))
    access = draw(st.sampled_from(["unpack", "index"]))
    params = ", ".join(["xs", *captured, *threaded])
    slots = ["s", *threaded]
    # A captured name read with `.sum()` shows an array (SCN102 threads only those).
    extra = "".join([f" + {n}.sum()" for n in captured] + [f" + {n}" for n in threaded])
    if access == "unpack" or not threaded:
        read = f"        {', '.join(slots)}, = carry\n" if len(slots) > 1 else "        s = carry[0]\n"
        new_carry = "(" + ", ".join([f"s + x{extra}", *threaded]) + ",)"
    else:
        read = "        s = carry[0]\n"
        new_carry = "(" + ", ".join([f"s + x{extra}", *(f"carry[{i + 1}]" for i in
                                                        range(len(threaded)))]) + ",)"
    init = "(" + ", ".join(["0.0", *threaded]) + ",)"
    call = callee_form.format("scan")
    if kind == "def":
        body = f"    def step(carry, x):\n{read}        return {new_carry}, s\n"
        site = f"{call}(step, {init}, xs)"
    elif kind == "lambda":
        body = f"    step = lambda carry, x: ({new_carry.replace('s +', 'carry[0] +')}, carry[0])\n"
        site = f"{call}(step, {init}, xs)"
    else:
        body = ""
        site = f"{call}(lambda carry, x: ({new_carry.replace('s +', 'carry[0] +')}, carry[0]), {init}, xs)"
    return f"{imp}\n\n\ndef run({params}):\n{body}    {use.format(site)}\n"


@FAST
@given(scan_programs())
def test_scan_shaped_programs_fix_soundly(source):
    from scanlint.semantic.model import FileModel

    assert len(FileModel(cst.parse_module(source)).sites) == 1
    assert_sound(source)


def test_the_generator_reaches_every_rule_and_fix():
    from hypothesis import find

    for settings_, code in [(Settings(), "SCN001"), (Settings(param_style="carry"), "SCN102"),
                            (Settings(param_style="closure"), "SCN101")]:
        example = find(scan_programs(), lambda s: any(
            d.code == code and d.fix is not None for d in check_text(s, "gen.py", settings_)),
            settings=settings(max_examples=500, deadline=None))
        assert fix_text(example, "gen.py", settings_, unsafe=True).applied >= 1
