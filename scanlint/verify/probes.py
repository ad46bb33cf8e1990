"""What a change touched, expression by expression, and the probes that say whether it ran.

Both versions are tokenized and the token streams compared (`difflib`, lines first, then the
tokens of the lines that differ; comments and blank lines are not tokens that count). Each
changed token is mapped to the smallest piece of code around it that can be watched, its
*probe*:

- an expression: it counts when it was evaluated (`x if c else <changed>` counts only when
  the `else` arm ran; the other lambda of a pair only when that lambda ran);
- a lambda's or a def's header: when its body ran;
- a default value: when a call used it (left the argument out);
- a statement, or the place where a statement was removed: when execution got there.

`instrument` (inside the verify session, no jax here) compiles a version with each probe in
place: `__scanlint_hit__(k, expr)` around an expression, `__scanlint_hit__(k)` before a
statement, and `__scanlint_fn__(qualname)` as the innermost decorator of every def (and
around every lambda), which is how a session sees calls coming into the module. Line and
column numbers are kept.
"""

from __future__ import annotations

import ast
import difflib
import io
import tokenize
from dataclasses import asdict, dataclass, field

MODULE_LEVEL = "(module level)"
HIT = "__scanlint_hit__"
DEFAULT = "__scanlint_default__"
USED_DEFAULT = "__scanlint_used_default__"
FUNCTION = "__scanlint_fn__"
NOT_COUNTED = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING}
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
ANNOTATIONS = {"annotation", "returns"}
JUMPS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


@dataclass(frozen=True)
class Probe:
    """One watched piece of a version. ``at`` locates its anchor node in that version's AST:
    [type name, lineno, col_offset, end_lineno, end_col_offset] (Python's own coordinates)."""

    id: int
    kind: str  # expr | lambda | default | stmt | entry | gap
    at: tuple
    line: int
    text: str  # the code, shortened, for messages
    owner: str = MODULE_LEVEL  # the top-level function or method (`Class.method`) holding it
    where: str = ""  # the innermost def holding it
    param: str = ""  # default: the parameter; gap: "before" or "after" the statement at

    def describe(self) -> str:
        place = f" in `{self.where}`" if self.where else " at module level"
        what = {"default": f"the default of `{self.param}` (`{self.text}`)",
                "lambda": f"the lambda `{self.text}`", "entry": f"the body of `{self.text}`",
                "gap": f"the place of removed code after `{self.text}`"}.get(
            self.kind, f"`{self.text}`")
        return f"{what} (line {self.line}{place})"

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "Probe":
        return cls(**{**data, "at": tuple(data["at"])})


@dataclass
class Changes:
    """The probes of both versions of one module; probes are numbered across both, old first."""

    old: list[Probe] = field(default_factory=list)
    new: list[Probe] = field(default_factory=list)
    both: frozenset = frozenset()  # the top-level functions and methods both versions define

    def owners(self) -> list[str]:
        return list(dict.fromkeys(p.owner for p in (*self.old, *self.new)))

    def of(self, owner: str) -> tuple[list[Probe], list[Probe]]:
        return ([p for p in self.old if p.owner == owner],
                [p for p in self.new if p.owner == owner])


# -- the diff --------------------------------------------------------------------------------
def tokens(source: str) -> list[tokenize.TokenInfo]:
    try:
        found = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
                 if t.type not in NOT_COUNTED]
    except (tokenize.TokenError, SyntaxError) as error:
        raise ValueError(f"cannot tokenize: {error}") from None
    return found


def token_key(token: tokenize.TokenInfo) -> tuple:
    # A block's depth is what indentation says, not its width: re-indenting is no change.
    return (token.type, "" if token.type == tokenize.INDENT else token.string)


def changed_tokens(old: str, new: str):
    """(old tokens, new tokens, changed old indices, changed new indices, gaps): a gap is a
    place in one version where the other has tokens and this one has none (index of the token
    after the gap)."""
    a, b = tokens(old), tokens(new)
    lines_a, lines_b = _by_line(a), _by_line(b)
    changed_a, changed_b, gaps_a, gaps_b = set(), set(), set(), set()
    outer = difflib.SequenceMatcher(None, [k for k, _ in lines_a], [k for k, _ in lines_b],
                                    autojunk=False)
    for tag, i1, i2, j1, j2 in outer.get_opcodes():
        if tag == "equal":
            continue
        span_a = [i for _, ids in lines_a[i1:i2] for i in ids]
        span_b = [j for _, ids in lines_b[j1:j2] for j in ids]
        start_a = span_a[0] if span_a else _first_index(lines_a, i1, len(a))
        start_b = span_b[0] if span_b else _first_index(lines_b, j1, len(b))
        inner = difflib.SequenceMatcher(None, [token_key(a[i]) for i in span_a],
                                        [token_key(b[j]) for j in span_b], autojunk=False)
        for t, x1, x2, y1, y2 in inner.get_opcodes():
            if t == "equal":
                continue
            changed_a.update(span_a[x1:x2])
            changed_b.update(span_b[y1:y2])
            # A gap whose other side starts with a dedent is code at an outer level (a `def`
            # added after a function): it runs after the block, not as its last statement.
            if x1 == x2:
                gaps_a.add((span_a[x1] if x1 < len(span_a) else start_a + len(span_a),
                            b[span_b[y1]].type == tokenize.DEDENT))
            if y1 == y2:
                gaps_b.add((span_b[y1] if y1 < len(span_b) else start_b + len(span_b),
                            a[span_a[x1]].type == tokenize.DEDENT))
    return a, b, changed_a, changed_b, gaps_a, gaps_b


def _by_line(found: list[tokenize.TokenInfo]) -> list[tuple[tuple, list[int]]]:
    lines: dict[int, list[int]] = {}
    for index, token in enumerate(found):
        lines.setdefault(token.start[0], []).append(index)
    return [(tuple(token_key(found[i]) for i in ids), ids) for _, ids in sorted(lines.items())]


def _first_index(lines, position: int, total: int) -> int:
    return lines[position][1][0] if position < len(lines) else total


# -- positions -------------------------------------------------------------------------------
class Positions:
    """Character positions of a source's AST nodes, and which node holds a token."""

    def __init__(self, source: str) -> None:
        self.lines = io.StringIO(source).readlines()
        self.tree = ast.parse(source)
        self.parents: dict[int, tuple[ast.AST, str, int | None]] = {}
        for parent in ast.walk(self.tree):
            adopt(self.parents, parent)

    def char(self, line: int, byte_col: int) -> int:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def span(self, node: ast.AST):
        """Its first and last character; a def's or class's from its first decorator's line."""
        if not hasattr(node, "lineno") or getattr(node, "end_lineno", None) is None:
            return None
        start = (node.lineno, self.char(node.lineno, node.col_offset))
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            start = min(start, (decorators[0].lineno, 0))
        return start, (node.end_lineno, self.char(node.end_lineno, node.end_col_offset))

    def holder(self, start, end) -> list[ast.AST]:
        """The nodes from the module down to the smallest one containing [start, end]."""
        path = [self.tree]
        while True:
            for child in ast.iter_child_nodes(path[-1]):
                span = self.span(child) or self._children_span(child)
                if span and span[0] <= start and end <= span[1]:
                    path.append(child)
                    break
            else:
                return path

    def _children_span(self, node: ast.AST):
        spans = [s for c in ast.iter_child_nodes(node) if (s := self.span(c))]
        return (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else None

    def parent(self, node: ast.AST):
        return self.parents.get(id(node), (None, "", None))


def adopt(parents: dict, parent: ast.AST) -> None:
    """Record ``parent`` as the parent of its children: (parent, field, index in the field)."""
    for name, value in ast.iter_fields(parent):
        items = value if isinstance(value, list) else [value]
        for index, child in enumerate(items):
            if isinstance(child, ast.AST):
                parents[id(child)] = (parent, name, index if isinstance(value, list) else None)


def at_of(node: ast.AST) -> tuple:
    return (type(node).__name__, node.lineno, node.col_offset, node.end_lineno,
            node.end_col_offset)


# -- changed tokens to probes ----------------------------------------------------------------
def find_changes(old: str, new: str, first: int = 1) -> Changes:
    """The probes of both versions of a module, numbered from ``first`` (ValueError where a
    version cannot be read)."""
    try:
        a, b, changed_a, changed_b, gaps_a, gaps_b = changed_tokens(old, new)
        places = Positions(old), Positions(new)
    except SyntaxError as error:
        raise ValueError(f"cannot parse: {error}") from None
    numbered = [first - 1]
    found = []
    versions = ((old, a, changed_a, gaps_a, places[0]), (new, b, changed_b, gaps_b, places[1]))
    for source, toks, changed, gaps, where in versions:
        keys: dict[tuple, Probe] = {}
        for index in sorted(changed):
            for probe in probes_for_token(toks[index], where, source):
                keys.setdefault((probe.kind, probe.at, probe.param), probe)
        for index, outer in sorted(gaps):
            while outer and index < len(toks) and toks[index].type == tokenize.DEDENT:
                index += 1
            for probe in probes_for_gap(toks, index, where, source):
                keys.setdefault((probe.kind, probe.at, probe.param), probe)
        kept = prune(list(keys.values()), where)
        holders = owners(where.tree)
        defined_at_import = top_level_defs(where.tree)
        probes = []
        for probe in sorted(kept, key=lambda p: (p.line, p.at, p.kind)):
            owner, inner = holders.get(probe.line, (MODULE_LEVEL, ""))
            if probe.kind == "stmt" and probe.at[:2] in defined_at_import:
                # The `def` statement itself runs at import, not when the function is called
                # (code removed just before it is module-level code).
                owner, inner = MODULE_LEVEL, ""
            numbered[0] += 1
            probes.append(Probe(numbered[0], probe.kind, probe.at, probe.line, probe.text,
                                owner, inner, probe.param))
        found.append(probes)
    names = [{owner for owner, _ in owners(where.tree).values()} for where in places]
    return Changes(*found, both=frozenset(names[0] & names[1]))


def probes_for_token(token, where: Positions, source: str) -> list[Probe]:
    if token.type in (tokenize.ENDMARKER,):
        return []
    if token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
        return structural(token, where, source)
    start, end = token.start, token.end
    if token.type == tokenize.OP and token.string == ";":
        return structural(token, where, source)
    path = where.holder(start, end)
    probe = anchor(path, where, source)
    return [probe] if probe else []


def structural(token, where: Positions, source: str) -> list[Probe]:
    """A NEWLINE, `;`, INDENT or DEDENT that changed: the statement it ends or begins."""
    if token.type == tokenize.NEWLINE or token.string == ";":
        target = statement_ending(where, token.start)
    else:  # INDENT ends where its statement starts; DEDENT stands where the next one starts
        target = statement_starting(where, token.end if token.type == tokenize.INDENT
                                    else token.start)
    if target is None or is_docstring(target, where) or is_future(target):
        return []
    return [make(where, "stmt", target, source)]


def statement_ending(where: Positions, position) -> ast.stmt | None:
    """The innermost statement that ends at ``position``."""
    found = [node for node in ast.walk(where.tree) if isinstance(node, ast.stmt)
             and (span := where.span(node)) and span[1] == position]
    return max(found, key=lambda n: where.span(n)[0], default=None)


def statement_starting(where: Positions, position) -> ast.stmt | None:
    for node in ast.walk(where.tree):
        if isinstance(node, ast.stmt) and (span := where.span(node)) and span[0] == position:
            return node
    return None


def probes_for_gap(toks, index: int, where: Positions, source: str) -> list[Probe]:
    """Code the other version has and this one does not, between toks[index-1] and
    toks[index]: where execution must have passed. At a block's end (a DEDENT follows), after
    the block's last statement; between statements, before the next one."""
    before = toks[index - 1] if index > 0 else None
    after = toks[index] if index < len(toks) else None
    closing = after is None or after.type in (tokenize.DEDENT, tokenize.ENDMARKER)
    if closing and before is not None:
        last = statement_ending(where, before.start if before.type == tokenize.NEWLINE
                                else before.end)
        if isinstance(last, JUMPS):  # nothing runs after it: that it ran is what there is
            return [make(where, "stmt", last, source)]
        if last is not None:
            return [gap(where, last, "after", source)]
    elif after is not None:
        following = statement_starting(where, after.start)
        if following is not None and not is_future(following):
            if is_docstring(following, where):
                return []
            return [gap(where, following, "before", source)]
    # Inside an expression (an argument removed): the smallest code around both neighbours.
    if before is None or after is None:
        return []
    probe = anchor(where.holder(before.start, after.end), where, source)
    return [probe] if probe else []


def gap(where: Positions, statement: ast.stmt, side: str, source: str) -> Probe:
    """Execution got to just before (the statement is reached) or just after ``statement``."""
    if side == "before":
        return make(where, "stmt", statement, source)
    text = shorten(ast.get_source_segment(source, statement) or ast.unparse(statement))
    return Probe(0, "gap", at_of(statement), statement.lineno, text, param=side)


def anchor(path: list[ast.AST], where: Positions, source: str) -> Probe | None:
    """The probe for the smallest node of ``path`` (module first) that can be watched."""
    for depth in range(len(path) - 1, -1, -1):
        node = path[depth]
        parent, name, _ = where.parent(node)
        if name in ANNOTATIONS or isinstance(parent, ast.arg) and name == "annotation":
            statement = next(n for n in reversed(path[:depth]) if isinstance(n, ast.stmt))
            return make(where, "stmt", statement, source)
        if isinstance(node, ast.stmt) and (is_docstring(node, where) or is_future(node)):
            return None
        default = default_of(node, where)
        if default is not None:
            return default
        if isinstance(node, ast.Lambda):
            return make(where, "lambda", node, source)
        if isinstance(node, ast.arg) or isinstance(node, ast.arguments):
            function = next(n for n in reversed(path[:depth])
                            if isinstance(n, (*FUNCTIONS, ast.Lambda)))
            return make(where, "lambda" if isinstance(function, ast.Lambda) else "entry",
                        function, source)
        if isinstance(node, ast.expr) and wrappable(node, where, path[:depth]):
            return make(where, "expr", node, source)
        if isinstance(node, FUNCTIONS):
            return make(where, "entry", node, source)
        if isinstance(node, (ast.ExceptHandler, ast.match_case)) and node.body:
            return gap(where, node.body[0], "before", source)
        if isinstance(node, ast.stmt):
            return make(where, "stmt", node, source)
    return None


def default_of(node: ast.AST, where: Positions) -> Probe | None:
    """A default value (or code inside one): used only by a call that leaves it out."""
    child = node
    while True:
        parent, name, index = where.parent(child)
        if parent is None or isinstance(parent, ast.stmt) and not isinstance(parent, FUNCTIONS):
            return None
        if isinstance(parent, ast.arguments) and name in ("defaults", "kw_defaults"):
            if name == "defaults":
                positional = [*parent.posonlyargs, *parent.args]
                param = positional[len(positional) - len(parent.defaults) + index].arg
            else:
                param = parent.kwonlyargs[index].arg
            return Probe(0, "default", at_of(child), child.lineno,
                         shorten(ast.unparse(child)), param=param)
        if isinstance(parent, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            return None
        child = parent


def wrappable(node: ast.expr, where: Positions, above: list[ast.AST]) -> bool:
    """Whether `__scanlint_hit__(k, node)` can stand where ``node`` is."""
    if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
        return False
    if isinstance(node, (ast.Slice, ast.Starred)) or any(
            isinstance(n, ast.JoinedStr) for n in above):
        return False
    parent, name, _ = where.parent(node)
    if isinstance(parent, ast.JoinedStr) or isinstance(parent, ast.comprehension) and \
            name == "target":
        return False
    if isinstance(parent, ast.pattern) or isinstance(node, ast.pattern):
        return False
    return not (isinstance(parent, ast.Expr) and is_docstring(parent, where))


def make(where: Positions, kind: str, node: ast.AST, source: str) -> Probe:
    if kind == "entry":
        text = node.name
    elif kind == "lambda":
        text = shorten(ast.get_source_segment(source, node) or "lambda")
    else:
        text = shorten(ast.get_source_segment(source, node) or ast.unparse(node))
    return Probe(0, kind, at_of(node), node.lineno, text)


def shorten(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_docstring(node: ast.AST, where: Positions) -> bool:
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)):
        return False
    parent, name, index = where.parent(node)
    return name == "body" and index == 0 and isinstance(
        parent, (ast.Module, ast.ClassDef, *FUNCTIONS))


def is_future(node: ast.AST) -> bool:
    return isinstance(node, ast.ImportFrom) and node.module == "__future__"


STRICT = (ast.BinOp, ast.UnaryOp, ast.Call, ast.Attribute, ast.Subscript, ast.Tuple, ast.List,
          ast.Set, ast.Dict, ast.keyword, ast.NamedExpr, ast.Await)


def prune(found: list[Probe], where: Positions) -> list[Probe]:
    """Drop an expression probe whose evaluation another probe's implies: a probed expression
    completes only after every operand it always evaluates (not through `and`/`or`, a
    conditional, a comparison chain, a lambda or a comprehension)."""
    probed = {p.at for p in found if p.kind == "expr"}
    redundant = set()
    for node in ast.walk(where.tree):
        if not (isinstance(node, ast.expr) and hasattr(node, "end_lineno")
                and at_of(node) in probed):
            continue
        child = node
        while isinstance(parent := where.parent(child)[0], STRICT):
            if isinstance(parent, ast.expr) and at_of(parent) in probed:
                redundant.add(at_of(node))
                break
            child = parent
    return [p for p in found if not (p.kind == "expr" and p.at in redundant)]


def owners(tree: ast.Module) -> dict[int, tuple[str, str]]:
    """Line -> (the top-level function or method holding it, the innermost def holding it)."""
    found: dict[int, tuple[str, str]] = {}

    def mark(node: ast.AST, owner: str, where: str) -> None:
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
            found[line] = (owner, where)

    def nested(function: ast.AST, owner: str) -> None:
        inner = [n for n in ast.walk(function) if n is not function and isinstance(n, FUNCTIONS)]
        for node in sorted(inner, key=lambda n: (n.lineno, -(n.end_lineno or n.lineno))):
            mark(node, owner, node.name)

    for statement in tree.body:
        if isinstance(statement, FUNCTIONS):
            mark(statement, statement.name, statement.name)
            nested(statement, statement.name)
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                if isinstance(member, FUNCTIONS):
                    qualname = f"{statement.name}.{member.name}"
                    mark(member, qualname, member.name)
                    nested(member, qualname)
    return found


def top_level_defs(tree: ast.Module) -> set[tuple[str, int]]:
    """(node type, line) of the functions and methods the module defines when imported."""
    members = [m for s in tree.body
               for m in ([s, *s.body] if isinstance(s, ast.ClassDef) else [s])]
    return {(type(m).__name__, m.lineno) for m in members if isinstance(m, FUNCTIONS)}


def spans(lines: list[int]) -> str:
    """`12-15, 18` for [12, 13, 14, 15, 18]."""
    parts, start, last = [], None, None
    for line in sorted(set(lines)):
        if start is not None and line == last + 1:
            last = line
            continue
        if start is not None:
            parts.append(f"{start}-{last}" if last != start else f"{start}")
        start = last = line
    if start is not None:
        parts.append(f"{start}-{last}" if last != start else f"{start}")
    return ", ".join(parts)


# -- instrumenting a version (inside the verify session) -------------------------------------
def instrument(source: str, probes: list[Probe], path: str):
    """``source`` compiled with its probes in place and every def and lambda wrapped by
    `__scanlint_fn__(qualname)` (ValueError when a probe does not fit the source)."""
    tree = ast.parse(source, path)
    edit = TreeEdit(tree)
    for probe in probes:
        node = edit.nodes.get(tuple(probe.at))
        if node is None:
            raise ValueError(f"probe {probe.id} ({probe.describe()}) is not in {path}")
        edit.place(probe, node)
    edit.insert_all()
    FunctionWrapper().visit(tree)
    return compile(ast.fix_missing_locations(tree), path, "exec", dont_inherit=True)


def hit_call(probe: int, *value: ast.expr, name: str = HIT) -> ast.Call:
    call = ast.Call(ast.Name(name, ast.Load()), [ast.Constant(probe), *value], [])
    return ast.copy_location(call, value[0]) if value else call


class TreeEdit:
    """Probes placed in one tree: expressions wrapped in place, statements inserted after."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.nodes = {at_of(n): n for n in ast.walk(tree) if getattr(n, "end_lineno", None)}
        self.parents: dict[int, tuple[ast.AST, str, int | None]] = {}
        for parent in ast.walk(tree):
            adopt(self.parents, parent)
        self.inserts: list[tuple[ast.stmt, str, ast.stmt]] = []  # anchor, side, statement

    def replace(self, node: ast.AST, wrapper: ast.AST) -> None:
        parent, name, index = self.parents[id(node)]
        if index is None:
            setattr(parent, name, wrapper)
        else:
            getattr(parent, name)[index] = wrapper
        self.parents[id(wrapper)] = (parent, name, index)
        adopt(self.parents, wrapper)

    def place(self, probe: Probe, node: ast.AST) -> None:
        mark = ast.copy_location(ast.Expr(hit_call(probe.id)), node)
        if probe.kind == "expr":
            self.replace(node, hit_call(probe.id, node))
        elif probe.kind == "lambda":
            self.replace(node.body, hit_call(probe.id, node.body))
        elif probe.kind == "entry":
            self.inserts.append((first_code(node.body), "before", mark))
        elif probe.kind in ("stmt", "gap"):
            self.inserts.append((node, probe.param if probe.kind == "gap" else "before", mark))
        elif probe.kind == "default":
            self.place_default(probe, node)

    def place_default(self, probe: Probe, node: ast.expr) -> None:
        """The default's value remembered when the def runs; its use checked when a call starts
        (the parameter still holds that very object)."""
        self.replace(node, hit_call(probe.id, node, name=DEFAULT))
        arguments = self.parents[id(self.parents[id(node)][0])][0]
        function = self.parents[id(arguments)][0]
        used = hit_call(probe.id, ast.Name(probe.param, ast.Load()), name=USED_DEFAULT)
        if isinstance(function, ast.Lambda):  # the check returns None: `None or body`
            function.body = ast.copy_location(ast.BoolOp(ast.Or(), [used, function.body]),
                                              function.body)
        else:
            self.inserts.append((first_code(function.body), "before",
                                 ast.copy_location(ast.Expr(used), function)))

    def insert_all(self) -> None:
        for anchor, side, statement in self.inserts:
            parent, name, _ = self.parents[id(anchor)]
            body = getattr(parent, name)
            index = next(i for i, s in enumerate(body) if s is anchor)
            body.insert(index + (side == "after"), statement)


def first_code(body: list[ast.stmt]) -> ast.stmt:
    """The first statement of a body after its docstring and `__future__` imports."""
    index = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str) and len(body) > 1:
        index = 1
    while index < len(body) - 1 and is_future(body[index]):
        index += 1
    return body[index]


class FunctionWrapper(ast.NodeTransformer):
    """`@__scanlint_fn__("qualname")` innermost on every def that is not a generator or a
    coroutine, `__scanlint_fn__("qualname")(lambda ...)` around every lambda: a lambda bound
    to a name is named by it, as the def it could be rewritten to would be."""

    def __init__(self) -> None:
        self.scope: list[str] = []

    def qualname(self, name: str) -> str:
        return ".".join([*self.scope, name])

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        qualname = self.qualname(node.name)
        self.scope += [node.name, "<locals>"]
        self.generic_visit(node)
        del self.scope[-2:]
        if not is_generator(node):
            node.decorator_list.append(ast.copy_location(ast.Call(
                ast.Name(FUNCTION, ast.Load()), [ast.Constant(qualname)], []), node))
        return node

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        self.scope += [node.name, "<locals>"]
        self.generic_visit(node)
        del self.scope[-2:]
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Lambda):
            node.value = self.wrap_lambda(node.value, node.targets[0].id)
            return node
        return self.generic_visit(node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return self.wrap_lambda(node, "<lambda>")

    def wrap_lambda(self, node: ast.Lambda, name: str) -> ast.AST:
        qualname = self.qualname(name)
        self.scope += [name, "<locals>"]
        self.generic_visit(node)
        del self.scope[-2:]
        if is_generator(node):
            return node
        call = ast.Call(ast.Name(FUNCTION, ast.Load()), [ast.Constant(qualname)], [])
        return ast.copy_location(ast.Call(ast.copy_location(call, node), [node], []), node)


def is_generator(function: ast.AST) -> bool:
    """Whether ``function``'s own body yields (not a nested def's or lambda's)."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return False
