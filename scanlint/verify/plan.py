"""Which calls a session makes without tests: the user's `--call` expressions, each in the
module whose names it reads, and a call of each changed function whose parameters all name
module globals (as in the article's example). `ast` only: no jax, no user code."""

from __future__ import annotations

import ast
import builtins

NO_INPUTS = "no inputs: pass --call or --pytest, or set [tool.scanlint.verify] calls or pytest"
# Names an expression may read without the module defining them (the session provides them).
PROVIDED = {"jax", "jnp", "np", "lax"} | set(dir(builtins))


def top_level(tree: ast.Module) -> dict[str, ast.AST]:
    """Top-level name -> the last statement that binds it (def, class, assignment, import)."""
    names: dict[str, ast.AST] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names[statement.name] = statement
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                names[(alias.asname or alias.name).split(".")[0]] = statement
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names[node.id] = statement
    return names


def free_names(call: str) -> set[str]:
    """The names an expression reads that it does not bind itself (a lambda's parameters, a
    comprehension's targets)."""
    try:
        tree = ast.parse(call.strip(), mode="eval")
    except SyntaxError as error:
        raise ValueError(f"--call {call!r} is not an expression: {error.msg}") from None
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
             and isinstance(n.ctx, ast.Store)}
    bound |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Lambda)
              for a in [*n.args.posonlyargs, *n.args.args, *n.args.kwonlyargs]}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)} - bound


def undefined(source: str, call: str) -> set[str]:
    """The names ``call`` reads that the module does not define (empty: it runs there)."""
    return free_names(call) - set(top_level(ast.parse(source))) - PROVIDED


def default_call(source: str, function: str) -> str | None:
    """`f(a, b)` when every parameter of the top-level ``f`` names a module-level global;
    parameters with defaults may be left out. None when it cannot be called so."""
    names = top_level(ast.parse(source))
    node = names.get(function)
    if not isinstance(node, ast.FunctionDef):
        return None
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    parts = []
    for i, arg in enumerate(positional):
        if arg.arg in names and not isinstance(names[arg.arg], ast.FunctionDef):
            parts.append(arg.arg)
        elif i >= first_default:
            break
        else:
            return None
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        if arg.arg in names:
            parts.append(f"{arg.arg}={arg.arg}")
        elif default is None:
            return None
    return f"{function}({', '.join(parts)})"


def uses_graph(source: str) -> dict[str, set[str]]:
    """Top-level name -> the names its definition reads."""
    names = top_level(ast.parse(source))
    return {name: {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            for name, node in names.items()}


def reached_by(source: str, calls: list[str]) -> set[str]:
    """The top-level names the calls read, directly or through other top-level definitions."""
    uses = uses_graph(source)
    reached = {name for call in calls for name in free_names(call)}
    frontier = list(reached)
    while frontier:
        for name in uses.get(frontier.pop(), ()):
            if name not in reached:
                reached.add(name)
                frontier.append(name)
    return reached


def reaching(source: str, owners: list[str]) -> list[str]:
    """The top-level functions that are, or use (through other top-level definitions), a
    function or class whose code changed, in the order the module defines them."""
    names = top_level(ast.parse(source))
    uses = uses_graph(source)
    reached = {owner.split(".")[0] for owner in owners}
    grew = True
    while grew:
        grew = False
        for name, used in uses.items():
            if name not in reached and used & reached:
                reached.add(name)
                grew = True
    return [name for name, node in names.items()
            if name in reached and isinstance(node, ast.FunctionDef)]


def calls_for(old: str, new: str, owners: list[str], calls: list[str]) -> list[str]:
    """The expressions to evaluate in a module: the user's calls that read only its names;
    else a call of each function that reaches the changed code and takes only module
    globals."""
    chosen = [call for call in calls if not undefined(new, call)]
    if chosen:
        return chosen
    for function in reaching(new, owners):
        call = default_call(old, function)
        if call is not None and default_call(new, function) == call:
            chosen.append(call)
    return chosen
