"""How fixes lay out what they write: commas, line breaks, blank lines, the line length a
project configures."""

import libcst as cst
import pytest

from scanlint.core.settings import Settings
from scanlint.engine.check import fix_text
from scanlint.engine.config import ConfigError, load_settings, project_line_length
from scanlint.fixes.carry import with_elements
from scanlint.fixes.layout import wrap_brackets


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


@pytest.mark.parametrize("old,new", [
    ("(a,)", "(a, b, c)"),            # the 1-tuple's comma had no space after it
    ("(a, b)", "(a, b, c)"),
    ("a, b", "a, b, c"),
    ("(\n    a,\n    b,\n)", "(\n    a,\n    b,\n    c,\n)"),  # one a line, trailing comma
])
def test_added_elements_are_spaced_like_the_sequence(old, new):
    names = [cst.Name(n) for n in "abc"]
    assert _code(with_elements(cst.parse_expression(old), names)) == new


def test_a_long_call_breaks_after_its_parenthesis_then_one_argument_a_line():
    call = cst.parse_expression("f(a, b=1)")
    assert _code(wrap_brackets(call, "", "    ", one_a_line=False)) == "f(\n    a, b=1)"
    assert _code(wrap_brackets(call, "", "    ", one_a_line=True)) == "f(\n    a,\n    b=1,\n)"


LONG_XS = ("import jax\nimport jax.numpy as jnp\n"
           "def run(s0, a):\n"
           "    def step(c, _):\n        s, t = c\n"
           "        return (s + a[:, t], t + 1), s\n"
           "    (s, t), ys = jax.lax.scan(step, (s0, 0), None, length=a.shape[1])\n"
           "    return s, ys\n")


def test_the_configured_line_length_decides_whether_a_fix_breaks_a_line():
    narrow = fix_text(LONG_XS, "case.py", Settings(select=("SCN206",)), unsafe=True).text
    wide = fix_text(LONG_XS, "case.py", Settings(select=("SCN206",), line_length=120),
                    unsafe=True).text
    assert narrow != LONG_XS and wide != LONG_XS
    assert max(map(len, narrow.splitlines())) <= 79
    assert max(map(len, wide.splitlines())) > 79  # one line, as the project allows
    assert len(narrow.splitlines()) > len(wide.splitlines())


@pytest.mark.parametrize("name,text,expected", [
    ("pyproject.toml", "[tool.ruff]\nline-length = 100\n", 100),
    ("pyproject.toml", "[tool.black]\nline-length = 88\n", 88),
    ("setup.cfg", "[flake8]\nmax-line-length = 120\n", 120),
    ("tox.ini", "[pycodestyle]\nmax-line-length = 99\n", 99),
    (".flake8", "[flake8]\nmax_line_length = 110\n", 110),
    ("setup.cfg", "[metadata]\nname = x\n", 79),
])
def test_the_line_length_comes_from_the_projects_other_tools(tmp_path, name, text, expected):
    (tmp_path / name).write_text(text)
    (tmp_path / "src").mkdir()
    assert project_line_length(str(tmp_path / "src")) == expected
    assert load_settings(None, str(tmp_path / "src")).line_length == expected


def test_scanlints_own_line_length_wins_and_is_checked(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.scanlint]\nline-length = 90\n[tool.ruff]\nline-length = 100\n")
    assert load_settings(str(pyproject)).line_length == 90
    pyproject.write_text("[tool.scanlint]\nselect = ['SCN']\n[tool.ruff]\nline-length = 100\n")
    assert load_settings(str(pyproject)).line_length == 100
    pyproject.write_text("[tool.scanlint]\nline-length = 'long'\n")
    with pytest.raises(ConfigError, match="line-length"):
        load_settings(str(pyproject))


def test_a_generator_argument_is_never_given_a_trailing_comma():
    call = cst.parse_expression("f(x for x in y)")
    broken = _code(wrap_brackets(call, "", "    ", one_a_line=True))
    assert broken == "f(\n    x for x in y)"
    compile(broken, "case.py", "eval")


@pytest.mark.parametrize("own,hang", [
    ("", "    "),  # none of its own: pyink's four (JAX's two-space code)
    ("  cfg = dict(\n    a=1)\n", "  "),  # the file's own: two
    ("  cfg = dict(\n        a=1)\n", "      "),
])
def test_a_two_space_file_breaks_lines_as_it_does(own, hang):
    """A line a fix makes too long is broken with the file's own hanging indent, or four
    spaces in a two-space file that shows none."""
    source = ("import jax\nfrom jax import lax\n\n\ndef simulate(position, velocity, "
              "acceleration, xs):\n" + own + "  def step(carry, x):\n"
              "    position, velocity, acceleration = carry\n"
              "    return (position + velocity * 0.5, velocity + acceleration * x, "
              "acceleration), position\n\n"
              "  outcome = lax.scan(step, (position, velocity, acceleration), xs, length=None, "
              "reverse=False)\n  return outcome\n")
    fixed = fix_text(source, "two.py", Settings(param_style="closure"), unsafe=True).text
    assert f"  carry_out, ys_out = lax.scan(\n  {hang}step, (position, velocity), xs," in fixed
