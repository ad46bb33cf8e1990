from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix
from scanlint.fixes.edits import statement_fix
from scanlint.rules import Invalid, Rule, RuleContext, Valid, with_fix
from scanlint.semantic import walk
from scanlint.semantic.scopes import Binding, all_params, dotted


class LambdaStep(Rule):
    """
    ## What it does
    Finds a `lambda` bound to a name (`step = lambda c, x: ...`) whose name is passed as the
    body of `jax.lax.scan`, `fori_loop`, `while_loop` or `lax.map`.

    ## Why is this bad?
    JAX traces a lambda and a `def` the same way: both give the same jaxpr and bit-identical
    results. A `def` reads better, has a name in tracebacks and profiles, can carry
    annotations and a docstring, and satisfies PEP 8 (pycodestyle's E731). Use one style for
    every step function in a codebase. Active with `step-style = "def"` (the default).

    A lambda that is never used as a loop body is E731's business, not this rule's. Lambdas
    bound in class bodies, by chained (`f = g = lambda`) or attribute and subscript
    assignments are not reported.

    ## Example
    ```python
    def rollout(s0, a, dt):
        step = lambda carry, _: advance(carry, a, dt)
        return jax.lax.scan(step, (s0, 0), None, length=100)
    ```

    ## Use instead
    ```python
    def rollout(s0, a, dt):
        def step(carry, _):
            return advance(carry, a, dt)
        return jax.lax.scan(step, (s0, 0), None, length=100)
    ```

    ## Fix safety
    The fix is safe for a plain `name = lambda ...` in a function or module scope: the `def`
    binds the same name at the same point to a function with the same parameters and body.
    An annotated assignment is rewritten with parameter and return annotations taken from
    `Callable[[A, B], R]`; since `def` annotations are evaluated where a local variable
    annotation is not, that fix is unsafe unless the module has
    `from __future__ import annotations`. A lambda on a line such as `if x: f = lambda: 0`,
    or one containing `yield`, is reported without a fix.
    """

    CODE = "SCN001"
    NAME = "lambda-step"
    MESSAGE = "Step function `{name}` is a lambda bound to a name; use a `def`"

    @classmethod
    def enabled(cls, settings) -> bool:
        return settings.step_style == "def"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for site in ctx.model.sites:
            for ref in site.bodies:
                target = ref.partial_target if ref.kind == "partial" else ref
                if target is None or target.kind != "lambda_name":
                    continue
                for binding in target.bindings:
                    if id(binding.node) in seen or not _reportable(binding):
                        continue
                    seen.add(id(binding.node))
                    message, fix = with_fix(self.MESSAGE.format(name=binding.name),
                                            _fix(ctx, binding))
                    yield ctx.diagnostic(self, binding.node, message, fix=fix,
                                         statement=binding.statement)

    VALID = [
        # A lambda never used as a loop body is E731's business.
        "import jax\nf = lambda x: x + 1\nprint(f(1))\n",
        # An inline lambda is not bound to a name.
        "import jax\ndef run(a):\n    return jax.lax.scan(lambda c, x: (c + a, x), 0, a)\n",
        # A def is what the rule asks for.
        "from jax import lax\ndef run(a):\n    def step(c, x):\n        return c + a, x\n"
        "    return lax.scan(step, 0, a)\n",
        # Not jax: a local function called scan.
        "def scan(f, init, xs):\n    return f(init, xs)\nstep = lambda c, x: (c, x)\nscan(step, 0, 1)\n",
        # Not jax: a class named lax.
        "class lax:\n    @staticmethod\n    def scan(*a):\n        pass\nstep = lambda c, x: (c, x)\n"
        "lax.scan(step, 0, 1)\n",
        # Chained assignment is not reported.
        "import jax\nf = g = lambda c, x: (c, x)\njax.lax.scan(f, 0, None, length=2)\n",
        # The style setting turns the rule off.
        Valid("import jax\nf = lambda c, x: (c, x)\njax.lax.scan(f, 0, None, length=2)\n",
              {"step_style": "any"}),
    ]

    INVALID = [
        # Flax NNX's loops take the same bodies.
        Invalid(
            "import jax.numpy as jnp\nfrom flax import nnx\n"
            "halve = lambda i, c: c * 0.5\nout = nnx.fori_loop(0, 3, halve, jnp.ones(2))\n",
            "import jax.numpy as jnp\nfrom flax import nnx\n\n\n"
            "def halve(i, c):\n    return c * 0.5\n\n\nout = nnx.fori_loop(0, 3, halve, jnp.ones(2))\n",
        ),
        Invalid(
            "import jax\n\n\ndef run(a, dt):\n"
            "    step = lambda c, _: (c + a * dt, c)  # advance\n"
            "    return jax.lax.scan(step, 0.0, None, length=3)\n",
            "import jax\n\n\ndef run(a, dt):\n"
            "    def step(c, _):\n        return (c + a * dt, c)  # advance\n"
            "    return jax.lax.scan(step, 0.0, None, length=3)\n",
        ),
        Invalid(
            "from jax import lax as L\n"
            "body = lambda i, v, *rest, scale=2, **kw: v * scale\n"
            "out = L.fori_loop(0, 3, body, 1)\n",
            "from jax import lax as L\n\n\n"
            "def body(i, v, *rest, scale=2, **kw):\n    return v * scale\n\n\n"
            "out = L.fori_loop(0, 3, body, 1)\n",
        ),
        Invalid(
            "from jax.lax import while_loop as wl\n"
            "def run(n):\n"
            "    # keep going while small\n"
            "    cond = lambda s: (\n"
            "        s < n  # bound\n"
            "    )\n"
            "    body = lambda s, /, k=1: s + k\n"
            "    return wl(cond, body, 0)\n",
            "from jax.lax import while_loop as wl\n"
            "def run(n):\n"
            "    # keep going while small\n"
            "    def cond(s):\n"
            "        return (\n"
            "            s < n  # bound\n"
            "        )\n"
            "\n"
            "    def body(s, /, k=1):\n        return s + k\n"
            "    return wl(cond, body, 0)\n",
            count=2,
        ),
        Invalid(
            "import jax, functools\n"
            "def run(xs):\n"
            "    f = lambda x, k: x * k\n"
            "    return jax.lax.map(functools.partial(f, k=2), xs)\n",
            "import jax, functools\n"
            "def run(xs):\n"
            "    def f(x, k):\n        return x * k\n"
            "    return jax.lax.map(functools.partial(f, k=2), xs)\n",
        ),
        Invalid(
            "import jax\n"
            "def run(xs):\n"
            "    n = 1; f = lambda c, x: (c + x, c); m = 2\n"
            "    return jax.lax.scan(f, 0, xs)\n",
            "import jax\n"
            "def run(xs):\n"
            "    n = 1\n"
            "\n"
            "    def f(c, x):\n        return (c + x, c)\n"
            "    m = 2\n"
            "    return jax.lax.scan(f, 0, xs)\n",
        ),
        Invalid(
            "from typing import Callable\nimport jax\n"
            "def run(xs):\n"
            "    f: Callable[[float, float], tuple] = lambda c, x: (c + x, c)\n"
            "    return jax.lax.scan(f, 0.0, xs)\n",
            "from typing import Callable\nimport jax\n"
            "def run(xs):\n"
            "    def f(c: float, x: float) -> tuple:\n        return (c + x, c)\n"
            "    return jax.lax.scan(f, 0.0, xs)\n",
            unsafe=True,
        ),
        # On the same line as an `if`: reported, no fix.
        Invalid(
            "import jax\ndef run(xs, fast):\n    if fast: f = lambda c, x: (c, x)\n"
            "    return jax.lax.scan(f, 0, xs)\n",
            None,
        ),
    ]


def _reportable(binding: Binding) -> bool:
    return binding.scope.kind != "class"


def _fix(ctx: RuleContext, binding: Binding) -> Fix | str | None:
    """The fix, or why there is none."""
    line = binding.statement
    lam = binding.assigned_value
    if not isinstance(line, cst.SimpleStatementLine):
        return "the assignment shares its line with a compound statement's header"
    if not isinstance(lam, cst.Lambda):
        return "the value is not a lambda on every path"
    if _contains_yield(lam.body):
        return "the lambda contains `yield`"
    module = ctx.model.module
    params, returns, exact = lam.params, None, True
    if isinstance(binding.node, cst.AnnAssign):
        params, returns, exact = _annotated(lam.params, binding.node.annotation)
    definition = cst.FunctionDef(
        name=cst.Name(binding.name),
        params=params,
        returns=returns,
        body=cst.IndentedBlock(
            body=[cst.SimpleStatementLine(
                body=[cst.Return(value=_return_value(lam))],
                trailing_whitespace=line.trailing_whitespace,
            )],
        ),
    )
    statements = _split_line(line, binding.node, definition)
    safe = exact and (not isinstance(binding.node, cst.AnnAssign) or _future_annotations(module))
    return statement_fix(ctx.text, module, ctx.model.range_of, [(line, statements)],
                         f"Rewrite `{binding.name}` as a `def`", "safe" if safe else "unsafe",
                         ctx.model.index, ctx.settings.line_length)


def _split_line(line: cst.SimpleStatementLine, small: cst.CSTNode,
                definition: cst.FunctionDef) -> list[cst.CSTNode]:
    """Statements replacing ``line``: those before ``small``, the def, those after."""
    index = next(i for i, s in enumerate(line.body) if s is small)
    before, after = list(line.body[:index]), list(line.body[index + 1:])
    statements: list[cst.CSTNode] = []
    if before:
        before[-1] = before[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
        statements.append(cst.SimpleStatementLine(body=before, leading_lines=line.leading_lines))
    else:
        definition = definition.with_changes(leading_lines=line.leading_lines)
    if after:
        block = definition.body
        inner = block.body[0].with_changes(trailing_whitespace=cst.TrailingWhitespace())
        definition = definition.with_changes(body=block.with_changes(body=[inner]))
        after[-1] = after[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
        statements += [definition, cst.SimpleStatementLine(
            body=after, trailing_whitespace=line.trailing_whitespace)]
    else:
        statements.append(definition)
    return statements


def _return_value(lam: cst.Lambda) -> cst.BaseExpression:
    """The lambda's body; continuation lines inside parentheses follow the new block depth
    by themselves (LibCST indents them relative to the enclosing block)."""
    body = lam.body
    if lam.lpar:  # `f = (lambda x: x)`: keep the lambda's own parentheses and their comments
        body = body.with_changes(lpar=[*lam.lpar, *body.lpar], rpar=[*body.rpar, *lam.rpar])
    return body


class _YieldFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Yield(self, node: cst.Yield) -> None:
        self.found = True

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _contains_yield(expr: cst.BaseExpression) -> bool:
    finder = _YieldFinder()
    walk.visit(expr, finder)
    return finder.found


def _annotated(params: cst.Parameters, annotation: cst.Annotation
               ) -> tuple[cst.Parameters, cst.Annotation | None, bool]:
    """Parameters and return annotation from `Callable[[A, B], R]`; exact=False if dropped."""
    ann = annotation.annotation
    name = dotted(ann.value) if isinstance(ann, cst.Subscript) else None
    if name is None or name.split(".")[-1] != "Callable" or len(ann.slice) != 2:
        return params, None, False
    arg_types, result = (element.slice for element in ann.slice)
    if not isinstance(arg_types, cst.Index) or not isinstance(result, cst.Index):
        return params, None, False
    returns = cst.Annotation(result.value)
    if isinstance(arg_types.value, cst.Ellipsis):
        return params, returns, True
    positional = [*params.posonly_params, *params.params]
    if (not isinstance(arg_types.value, cst.List) or params.kwonly_params or params.star_kwarg
            or isinstance(params.star_arg, cst.Param)
            or len(arg_types.value.elements) != len(positional)):
        return params, None, False
    types = {id(p): cst.Annotation(e.value) for p, e in zip(positional, arg_types.value.elements)}

    def annotate(group):
        return [p.with_changes(annotation=types[id(p)]) for p in group]

    new_params = params.with_changes(posonly_params=annotate(params.posonly_params),
                                     params=annotate(params.params))
    assert len(all_params(new_params)) == len(all_params(params))
    return new_params, returns, True


def _future_annotations(module: cst.Module) -> bool:
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if (isinstance(small, cst.ImportFrom) and dotted(small.module) == "__future__"
                        and not isinstance(small.names, cst.ImportStar)
                        and any(dotted(a.name) == "annotations" for a in small.names)):
                    return True
    return False
