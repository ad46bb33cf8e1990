"""The blank lines around the definitions a fix writes, as pycodestyle counts them.

A fix that turns a lambda into a `def`, moves a step into its caller or rolls a loop into a
local step writes definitions where there were statements. pycodestyle (and flake8, ruff's
E30x) asks for two blank lines around a top-level `def` or `class` (E302, E305), one before a
nested one that follows other statements (E301, E306), and no more (E303); a fixed file must
be as clean as it was, so the new statements get exactly those blank lines. And it asks for
lines no longer than the project's limit: a one-line statement a fix made longer is broken
inside a call's parentheses.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

import libcst as cst

DEFINITIONS = (cst.FunctionDef, cst.ClassDef)


def render(module: cst.Module, nodes: Sequence[cst.CSTNode], indent: str) -> str:
    """The text of statements ``nodes`` placed in a block indented by ``indent``."""
    from libcst._nodes.internal import CodegenState

    state = CodegenState(default_indent=module.default_indent,
                         default_newline=module.default_newline)
    if indent:
        state.increase_indent(indent)
    for node in nodes:
        node._codegen(state)
    return "".join(state.tokens)


TOP_LEVEL_BLANKS = 2  # pycodestyle's blank_lines config: top_level and method
NESTED_BLANKS = 1


def spaced(nodes: Sequence[cst.CSTNode], top_level: bool, first_in_block: bool
           ) -> list[cst.CSTNode]:
    """``nodes``, statements written in one block, with the blank lines pycodestyle wants
    before each definition among them (and inside them), and before a top-level statement
    that follows one. ``first_in_block``: nothing of the block comes before them."""
    wanted = TOP_LEVEL_BLANKS if top_level else NESTED_BLANKS
    out: list[cst.CSTNode] = []
    for k, node in enumerate(nodes):
        follows = k > 0 or not first_in_block
        if isinstance(node, DEFINITIONS):
            after_docstring = k > 0 and _is_docstring(nodes[k - 1])
            need = wanted if follows and not after_docstring else 0
            node = _with_blank_lines(node.visit(_NestedSpacing()), need, cap=wanted)
        elif top_level and k > 0 and isinstance(nodes[k - 1], DEFINITIONS):
            node = _with_blank_lines(node, TOP_LEVEL_BLANKS, cap=TOP_LEVEL_BLANKS)
        elif isinstance(node, cst.BaseCompoundStatement):
            node = node.visit(_NestedSpacing())
        out.append(node)
    return out


def blank_lines_wanted_after(nodes: Sequence[cst.CSTNode], top_level: bool) -> int:
    """How many blank lines the code following ``nodes`` needs before it: two after a
    top-level definition (E305, E302), else none asked for."""
    if top_level and nodes and isinstance(nodes[-1], DEFINITIONS):
        return TOP_LEVEL_BLANKS
    return 0


class _NestedSpacing(cst.CSTTransformer):
    """One blank line before each definition of a block that follows other statements."""

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                            updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
        if not any(isinstance(s, DEFINITIONS) for s in updated_node.body):
            return updated_node
        body = list(updated_node.body)
        for k, node in enumerate(body):
            if isinstance(node, DEFINITIONS):
                need = NESTED_BLANKS if k > 0 and not _is_docstring(body[k - 1]) else 0
                body[k] = _with_blank_lines(node, need, cap=NESTED_BLANKS)
        return updated_node.with_changes(body=body)


def _is_docstring(node: cst.CSTNode) -> bool:
    return (isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1
            and isinstance(node.body[0], cst.Expr)
            and isinstance(node.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


def _with_blank_lines(node: cst.CSTNode, need: int, cap: int) -> cst.CSTNode:
    """``node`` with at least ``need`` and at most ``cap`` blank lines among its leading
    lines (comments kept; blank lines are added before them, removed from the first)."""
    lines = list(getattr(node, "leading_lines", ()))
    blanks = sum(1 for line in lines if line.comment is None)
    if blanks < need:
        lines = [cst.EmptyLine(indent=False)] * (need - blanks) + lines
    elif blanks > cap:
        extra = blanks - cap
        kept = []
        for line in lines:
            if line.comment is None and extra:
                extra -= 1
                continue
            kept.append(line)
        lines = kept
    else:
        return node
    return node.with_changes(leading_lines=lines)


def wrapped(module: cst.Module, nodes: Sequence[cst.CSTNode], indent: str, line_length: int,
            old_lines: frozenset[str], hanging: str | None = None) -> list[cst.CSTNode]:
    """``nodes`` with each line a fix made longer than ``line_length`` broken inside the
    brackets of a call, tuple or list that starts on it, as black and ruff's formatter
    break them: the items on the next line, else one a line (`wrap_brackets`), indented by
    ``hanging`` (default: the module's indent). A line the code already had (in
    ``old_lines``) is left as it was."""
    wrapper = _LongLines(module, indent, line_length, old_lines,
                         hanging or module.default_indent)
    return [node.visit(wrapper) for node in nodes]


def hanging_indent(text: str, block_indent: str) -> str:
    """How far the file indents the items of brackets broken after the opening one: what
    its own broken brackets show most often; else four spaces in a file indented by fewer
    (a two-space file, as pyink writes JAX's: a two-space hanging indent would read as a
    nested block), else the file's block indent."""
    steps: Counter[str] = Counter()
    lines = text.splitlines()
    for line, following in zip(lines, lines[1:]):
        code = line.rstrip()
        if not code.endswith(("(", "[", "{")) or code.lstrip().startswith("#") \
                or not following.strip():
            continue
        here, there = _leading(line), _leading(following)
        if there.startswith(here) and len(there) > len(here):
            steps[there[len(here):]] += 1
    if steps:
        return steps.most_common(1)[0][0]
    if block_indent.strip(" ") == "" and len(block_indent) < 4:
        return "    "
    return block_indent


def _leading(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


MAX_BREAKS = 8  # brackets broken in one statement, at most


class _LongLines(cst.CSTTransformer):
    def __init__(self, module: cst.Module, indent: str, line_length: int,
                 old_lines: frozenset[str], hanging: str) -> None:
        self.module = module
        self.hanging = hanging
        self.indents = [indent]
        self.line_length = line_length
        self.old_lines = old_lines

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        step = node.indent if node.indent is not None else self.module.default_indent
        self.indents.append(self.indents[-1] + step)

    def leave_IndentedBlock(self, original_node, updated_node):
        self.indents.pop()
        return updated_node

    def leave_SimpleStatementLine(self, original_node, updated_node):
        node = updated_node
        for _ in range(MAX_BREAKS):
            long = self._long_lines(node)
            if not long:
                break
            better = self._one_break(node, long)
            if better is None:
                break
            node = better
        return node

    def _one_break(self, node: cst.SimpleStatementLine, long: list[str]
                   ) -> cst.SimpleStatementLine | None:
        """``node`` with the outermost brackets holding a long line broken so that it has
        fewer long lines, or None."""
        block = len(self.indents[-1])
        lines = self._lines(node)
        for brackets in _bracketed(node):
            code = self.module.code_for_node(brackets)
            if "#" in code or _item_over_lines(brackets):
                continue  # a comment's line stays; an item's own lines would not move
            first = _first_line_holding(lines, code.split("\n")[0], code.count("\n") + 1,
                                        long)
            if first is None:
                continue
            start = " " * (len(first) - len(first.lstrip()) - block)
            for one_a_line in (False, True):
                new = wrap_brackets(brackets, start, self.hanging, one_a_line)
                candidate = node.visit(_Replace(brackets, new))
                if len(self._long_lines(candidate)) < len(long):
                    return candidate
        return None

    def _lines(self, node: cst.SimpleStatementLine) -> list[str]:
        bare = node.with_changes(leading_lines=[])
        return render(self.module, [bare], self.indents[-1]).splitlines()

    def _long_lines(self, node: cst.SimpleStatementLine) -> list[str]:
        return [line for line in self._lines(node)
                if len(line) > self.line_length and line not in self.old_lines]


def _first_line_holding(lines: list[str], opening: str, count: int, long: list[str]
                        ) -> str | None:
    """The line where brackets start whose first line reads ``opening`` and that span
    ``count`` lines, if one of those is a long line."""
    for k, line in enumerate(lines):
        if opening in line and any(other in long for other in lines[k:k + count]):
            return line
    return None


def _item_over_lines(node: cst.CSTNode) -> bool:
    items = node.args if isinstance(node, cst.Call) else node.elements
    return any("\n" in cst.Module([]).code_for_node(item.value) for item in items)



def _bracketed(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The calls with arguments, tuples and lists of two or more items in ``node``,
    outermost first (not inside a lambda, whose body cannot hold a line break), tuples
    without parentheses last (`a, b = f(x)` breaks inside the call, as black does)."""
    found: list[cst.CSTNode] = []

    class Brackets(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.Lambda, cst.FormattedString)):
                return False  # no line break in a lambda's body or an f-string's braces
            if isinstance(node, cst.Call) and node.args or isinstance(
                    node, (cst.Tuple, cst.List)) and len(node.elements) >= 2:
                found.append(node)
            return True

    node.visit(Brackets())
    return sorted(found, key=lambda n: isinstance(n, cst.Tuple) and not n.lpar)


class _Replace(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old, self.new = old, new

    def on_leave(self, original_node, updated_node):
        return self.new if original_node is self.old else updated_node


def _line_break(indent: str) -> cst.ParenthesizedWhitespace:
    """A line break inside brackets, the next line indented as the statement's block plus
    ``indent``."""
    return cst.ParenthesizedWhitespace(indent=True, last_line=cst.SimpleWhitespace(indent))


def wrap_brackets(node: cst.CSTNode, start: str, step: str, one_a_line: bool) -> cst.CSTNode:
    """A call, tuple or list broken after its opening bracket: its items on one line below
    it, indented by ``step`` more than the line it starts on (``start``, past the block's
    indentation), or, ``one_a_line``, one item a line with a trailing comma, and the closing
    bracket below them at ``start``. A tuple without parentheses gets them."""
    items = list(node.args if isinstance(node, cst.Call) else node.elements)
    inner, close = _line_break(start + step), _line_break(start)
    if one_a_line and any(isinstance(item.value, cst.GeneratorExp) and not item.value.lpar
                          for item in items):
        one_a_line = False  # `f(x for x in y,)` is not Python
    if isinstance(node, cst.Call):
        items = [item.with_changes(whitespace_after_arg=cst.SimpleWhitespace("")) for item in items]
    if one_a_line:
        items = [item.with_changes(comma=cst.Comma(whitespace_after=inner if k < len(items) - 1
                                                   else close))
                 for k, item in enumerate(items)]
    elif not (isinstance(node, cst.Tuple) and len(items) == 1):
        items[-1] = items[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    if isinstance(node, cst.Call):
        return node.with_changes(whitespace_before_args=inner, args=items)
    if isinstance(node, cst.List):
        return node.with_changes(lbracket=cst.LeftSquareBracket(whitespace_after=inner),
                                 rbracket=cst.RightSquareBracket(), elements=items)
    outer_l, outer_r = list(node.lpar[:-1]), list(node.rpar[1:])
    return node.with_changes(lpar=[*outer_l, cst.LeftParen(whitespace_after=inner)],
                             rpar=[cst.RightParen(), *outer_r], elements=items)
