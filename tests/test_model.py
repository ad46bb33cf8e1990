"""The scan-site model: import resolution, argument binding, kinds of body."""

import libcst as cst
import pytest

from scanlint.semantic.model import FileModel


def sites(source: str):
    model = FileModel(cst.parse_module(source))
    return [(s.callee, model.range_of(s.call).start.line) for s in model.sites]


@pytest.mark.parametrize("imports,call", [
    ("import jax", "jax.lax.scan"),
    ("import jax.lax", "jax.lax.scan"),
    ("import jax.lax as lax", "lax.scan"),
    ("from jax import lax", "lax.scan"),
    ("from jax import lax as L", "L.scan"),
    ("from jax.lax import scan", "scan"),
    ("from jax.lax import scan as sc", "sc"),
    ("from jax.lax import *", "scan"),
    ("from jax._src.lax.control_flow import scan", "scan"),
])
def test_scan_is_resolved_through_every_import_form(imports, call):
    assert sites(f"{imports}\ndef run(xs):\n    return {call}(lambda c, x: (c, x), 0, xs)\n") == [
        ("scan", 3)]


@pytest.mark.parametrize("source", [
    "def scan(f, i, x):\n    pass\nscan(f, 0, 1)\n",
    "import re\nre.Scanner([]).scan('text')\n",
    "class lax:\n    scan = staticmethod(print)\nlax.scan(1)\n",
    "import numpy as lax\nlax.scan(1)\n",
    "from jax import lax\ndef run(lax):\n    return lax.scan(f, 0, 1)\n",
    "from jax.lax import scan\ndef run():\n    scan = print\n    scan(f, 0, 1)\n",
    "from jax import lax\nlax = object()\nlax.scan(f, 0, 1)\n",
    "import jax\njax.numpy.map(f, 1)\n",
])
def test_non_jax_scans_are_not_sites(source):
    assert sites(source) == []


def test_each_family_member_and_its_body_roles():
    model = FileModel(cst.parse_module(
        "from jax import lax\n"
        "def run(n, xs):\n"
        "    def body(i, v):\n        return v\n"
        "    cond = lambda v: v < n\n"
        "    lax.fori_loop(0, n, body, 0)\n"
        "    lax.while_loop(cond, body_fun=body, init_val=0)\n"
        "    lax.map(lambda x: x, xs)\n"
        "    lax.scan(f=body, init=0, xs=xs)\n"))
    summary = [(s.callee, [(b.role, b.kind) for b in s.bodies]) for s in model.sites]
    assert summary == [
        ("fori_loop", [("body_fun", "local_def")]),
        ("while_loop", [("cond_fun", "lambda_name"), ("body_fun", "local_def")]),
        ("map", [("f", "inline_lambda")]),
        ("scan", [("f", "local_def")]),
    ]
    scan = model.sites[-1]
    assert cst.Module([]).code_for_node(scan.init) == "0"


def test_body_kinds_module_def_partial_attribute_and_star_args():
    model = FileModel(cst.parse_module(
        "import functools, jax\n"
        "def step(c, x):\n    return c, x\n"
        "class M:\n    def run(self, xs, args):\n"
        "        jax.lax.scan(step, 0, xs)\n"
        "        jax.lax.scan(functools.partial(step), 0, xs)\n"
        "        jax.lax.scan(self.step, 0, xs)\n"
        "        jax.lax.scan(*args)\n"))
    kinds = [[b.kind for b in s.bodies] for s in model.sites]
    assert kinds == [["module_def"], ["partial"], ["attribute"], []]
    assert model.sites[-1].args_complete is False
    assert model.sites[1].bodies[0].partial_target.kind == "module_def"


NNX = "import jax.numpy as jnp\nfrom functools import partial\nfrom flax import nnx\n"


@pytest.mark.parametrize("source,axes,pair,init,xs", [
    # a decorator, its axes placing the carry and the scanned argument of the one call
    ("def run(cell, xs):\n    @nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))\n"
     "    def step(h, cell, x):\n        return cell(h, x), h\n"
     "    return step(jnp.zeros(3), cell, xs)\n",
     ("carry", "broadcast", "scanned"), True, "jnp.zeros(3)", "xs"),
    # bare, and through `partial` with the carry alone returned
    ("@nnx.scan\ndef step(c, x):\n    return c + x, c\nout = step(0.0, jnp.ones(3))\n",
     ("carry", "scanned"), True, "0.0", "jnp.ones(3)"),
    ("@partial(nnx.scan, out_axes=nnx.Carry)\ndef total(c, x):\n    return c + x\n",
     ("carry", "scanned"), False, None, None),
    # a call of the transform's result, and a name bound to it
    ("out = nnx.scan(lambda c, x: (c, x))(1.0, jnp.ones(2))\n",
     ("carry", "scanned"), True, "1.0", "jnp.ones(2)"),
    ("def f(c, x):\n    return c, x\ng = nnx.scan(f, length=3, in_axes=(nnx.Carry, None))\n"
     "out = g(0.0, 5)\n", ("carry", "broadcast"), True, "0.0", None),
    # axes the code does not spell as a tuple: not known
    ("def f(c, x):\n    return c, x\nout = nnx.scan(f, in_axes=AXES)(0.0, 1)\n",
     None, True, None, None),
])
def test_nnx_scan_sites_and_their_axes(source, axes, pair, init, xs):
    model = FileModel(cst.parse_module(NNX + source))
    [site] = model.sites
    code = cst.Module([]).code_for_node
    assert (site.qualified_name, site.callee, site.nnx) == ("flax.nnx.scan", "scan", True)
    assert site.scan_axes == axes and site.scan_pair is pair
    assert (code(site.init) if site.init is not None else None) == init
    assert (code(site.args["xs"]) if "xs" in site.args else None) == xs
    assert site.bodies[0].function is not None


def test_nnx_loops_take_lax_arguments():
    model = FileModel(cst.parse_module(
        NNX + "a = nnx.fori_loop(0, 3, lambda i, c: c, 0, graph=True)\n"
        "b = nnx.while_loop(lambda c: c < 3, lambda c: c + 1, 0)\n"
        "c = nnx.compat.fori_loop(0, 3, lambda i, c: c, 0)\n"))
    assert [(s.qualified_name, s.callee, s.nnx, sorted(s.args)) for s in model.sites] == [
        ("flax.nnx.fori_loop", "fori_loop", True, ["body_fun", "graph", "init_val", "lower",
                                                    "upper"]),
        ("flax.nnx.while_loop", "while_loop", True, ["body_fun", "cond_fun", "init_val"]),
        ("flax.nnx.fori_loop", "fori_loop", True, ["body_fun", "init_val", "lower", "upper"])]


def test_a_partial_body_and_the_parameters_the_loop_does_not_pass():
    from scanlint.semantic.carry import step_function

    model = FileModel(cst.parse_module(
        "import functools, jax\n"
        "def body(i, c, rate, batches=None):\n    return c * rate\n"
        "out = jax.lax.fori_loop(0, 3, functools.partial(body, rate=0.5), 1.0)\n"
        "def cond_step(state, data=iter([])):\n    return state\n"
        "w = jax.lax.while_loop(lambda s: s < 1, cond_step, 0)\n"))
    fori, while_ = model.sites
    step = step_function(model, fori, methods=True)
    assert step.node.name.value == "body" and step.carry_name == "c"
    assert sorted(step.preset) == ["batches", "rate"]
    assert [p.name.value for p in step.params] == ["i", "c"]
    assert step_function(model, fori) is None  # the rewriting rules do not get it
    step = step_function(model, while_, "body_fun", methods=True)
    assert sorted(step.preset) == ["data"]


def test_functions_under_jit_and_their_static_parameters():
    from scanlint.semantic.jit_loops import jit_loops

    source = (
        "import functools\nfrom functools import partial\nimport jax\nimport equinox as eqx\n"
        "N = 4\n"
        "@jax.jit\ndef a(x):\n    for i in range(N * 3):\n        x = x + i\n    return x\n"
        "@partial(jax.jit, static_argnums=(1,))\ndef b(x, n):\n"
        "    for i in range(2, 20, 3):\n        x = x + n\n    return x\n"
        "@jax.jit(static_argnames='n')\ndef c(x, n):\n    k = 7\n"
        "    def inner(y):\n        for i in range(k):\n            y = y * 2\n        return y\n"
        "    return inner(x)\n"
        "def d(x, n, m):\n    for i in range(5):\n        x = x - 1\n    return x\n"
        "fast_d = jax.jit(functools.partial(d, m=2), static_argnums=1)\n"
        "@eqx.filter_jit\ndef e(x):\n    for i in range(3):\n        x = x + 1\n    return x\n"
        "def f(x):\n    for i in range(9):\n        x = x + 1\n    return x\n")
    model = FileModel(cst.parse_module(source))
    found = {loop.jitted.node.name.value: (loop.trips, loop.info.how,
                                           sorted(loop.info.static_params),
                                           loop.info.params_may_be_static)
             for loop in jit_loops(model)}
    assert found == {
        "a": (12, "decorator", [], False),
        "b": (6, "decorator", ["n"], False),
        "c": (7, "decorator", ["n"], False),  # the loop is in its local def
        "d": (5, "wrapped", ["m", "n"], False),
        "e": (3, "decorator", [], True),
    }


@pytest.mark.parametrize("source", [
    # Two loops in one statement whose first lines and steps read alike (pgx's
    # `Shanten.normal`): each has its own place, and ends at its own `)`.
    "import jax\ndef normal(hand, suit):\n    return jax.lax.cond(\n        suit == 3,\n"
    "        lambda: jax.lax.fori_loop(\n            27,\n            34,\n"
    "            lambda i, code: code * 5 + hand[i],\n            0,\n        ),\n"
    "        lambda: jax.lax.fori_loop(\n            9 * suit,\n            9 * suit + 9,\n"
    "            lambda i, code: code * 5 + hand[i],\n            0,\n        ),\n    )\n",
    # The same call twice in one statement.
    "import jax\ndef f(xs):\n    return (jax.lax.scan(g, 0, xs), jax.lax.scan(g, 0, xs))\n",
])
def test_a_site_found_within_its_statement_is_where_the_full_provider_puts_it(source):
    model = FileModel(cst.parse_module(source))
    assert len(model.sites) == 2
    for site in model.sites:
        assert model.range_of(site.call, site.statement) == model.positions[site.call]
