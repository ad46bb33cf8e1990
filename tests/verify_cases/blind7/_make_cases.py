"""Writes the case folders of this set (run once; the folders are the set)."""
import os, shutil, textwrap, json

HERE = os.path.dirname(os.path.abspath(__file__))
PYPROJECT = '[project]\nname = "case"\nversion = "0"\n\n[tool.pytest.ini_options]\npythonpath = ["."]\n'
CASES = []


def d(s):
    return textwrap.dedent(s).lstrip("\n")


def _heredoc_lines(s):
    """Lines of a change written as an indented triple-quoted block: continuation lines carry
    5 columns of source indentation; the first line's own indentation is not trusted."""
    lines = s.split("\n")[:-1]
    out = [lines[0].strip()]
    for ln in lines[1:]:
        assert ln[:5].strip() == "", ln
        out.append(ln[5:])
    return out


def apply_change(src, a, b, name):
    if not a.endswith("\n     "):
        assert src.count(a) == 1, (name, a)
        return src.replace(a, b)
    al = _heredoc_lines(a)
    bl = _heredoc_lines(b)
    sl = src.split("\n")
    hits = [i for i in range(len(sl) - len(al) + 1)
            if sl[i].strip() == al[0] and all(sl[i + j] == al[j] for j in range(1, len(al)))]
    assert len(hits) == 1, (name, al, hits)
    i = hits[0]
    indent = sl[i][: len(sl[i]) - len(sl[i].lstrip())]
    bl[0] = indent + bl[0] if bl[0] else bl[0]
    return "\n".join(sl[:i] + bl + sl[i + len(al):])


def case(name, expect, cls, desc, module, old, changes, *, tests=None, calls=None, witness, extra=None):
    CASES.append(dict(name=name, expect=expect, cls=cls, desc=" ".join(desc.split()), module=module,
                      old=d(old), changes=list(changes),
                      tests=d(tests) if tests else None, calls=calls, witness=d(witness), extra=extra or {}))


def toml_str(s):
    return json.dumps(s)  # a TOML basic string is JSON-compatible for our text


def write_all():
    for c in CASES:
        root = os.path.join(HERE, c["name"])
        if os.path.exists(root):
            shutil.rmtree(root)
        proj = os.path.join(root, "project")
        os.makedirs(proj)
        new = c["old"]
        for a, b in c["changes"]:
            new = apply_change(new, a, b, c["name"])
        assert new != c["old"], c["name"]
        files = {c["module"]: c["old"], "pyproject.toml": PYPROJECT}
        files.update({k: d(v) for k, v in c["extra"].items()})
        if c["tests"]:
            files["tests/test_" + os.path.basename(c["module"])] = c["tests"]
        for rel, text in files.items():
            p = os.path.join(proj, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
        p = os.path.join(root, "new", c["module"])
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(new)
        lines = [f'expect = {toml_str(c["expect"])}', f'class = {toml_str(c["cls"])}',
                 f'description = {toml_str(c["desc"])}', f'module = {toml_str(c["module"])}']
        if c["tests"]:
            lines += ['mode = "pytest"', 'pytest = "tests"']
        else:
            lines += ['mode = "call"', "calls = [" + ", ".join(toml_str(x) for x in c["calls"]) + "]"]
        lines.append("witness = '''\n" + c["witness"] + "'''")
        with open(os.path.join(root, "case.toml"), "w") as f:
            f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------- shared line with code that ran
case("cond-expr-decay-arm", "planted", "shared-line",
     """The `else` arm of the learning-rate conditional expression gets an off-by-one exponent
     (`step - warmup + 1`). The tests call lr_at at warmup steps (first arm) and, for a
     monotonicity check, at steps 5..9 where the changed arm runs: lr_at(5) is 1e-3 old, 9e-4 new.""",
     "sched.py",
     """
     def lr_at(step: int, base_lr: float = 1e-3, warmup: int = 5, decay: float = 0.9) -> float:
         \"\"\"Constant learning rate during warmup, then exponential decay per step.\"\"\"
         return base_lr if step < warmup else base_lr * decay ** (step - warmup)
     """,
     [("decay ** (step - warmup)", "decay ** (step - warmup + 1)")],
     tests="""
     from sched import lr_at

     def test_warmup_constant():
         assert lr_at(0) == lr_at(4) == 1e-3

     def test_nonincreasing():
         lrs = [lr_at(s) for s in range(10)]
         assert all(a >= b for a, b in zip(lrs, lrs[1:]))
     """,
     witness="""
     from sched import lr_at
     print([lr_at(s) for s in range(10)])
     """)

case("other-lambda-negzero", "planted", "shared-line",
     """Of the two lambdas on the lax.cond line, only the `flip` branch changes: `-v` becomes
     `0.0 - v`. The first call takes that branch with a +0.0 element: the old version returns
     -0.0 there, the new +0.0 (equal under ==, different bits). The second call runs the other lambda.""",
     "reflect.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def signed_step(x, flip):
         \"\"\"Reflect a particle's velocity at a wall (flip=True) or keep it.\"\"\"
         return lax.cond(flip, lambda v: -v, lambda v: v, jnp.asarray(x))
     """,
     [("lambda v: -v,", "lambda v: 0.0 - v,")],
     calls=["signed_step(jnp.array([0.0, 1.5]), True)", "signed_step(jnp.array([2.0]), False)"],
     witness="""
     import numpy as np, jax.numpy as jnp
     from reflect import signed_step
     print(np.asarray(signed_step(jnp.array([0.0, 1.5]), True)).tobytes().hex())
     """)

case("or-fallback-zero-eps", "planted", "shared-line",
     """`eps = eps or 1e-6` becomes `eps or 1e-5`. One test passes eps=1e-3 (fallback not
     evaluated); the other passes eps=0.0, which is falsy, so the fallback runs there: the
     normalised values differ in the last bits (var 1.25 + 1e-6 vs + 1e-5), within the test's tolerance.""",
     "norm.py",
     """
     import jax.numpy as jnp


     def layer_norm(x, scale, bias, eps=None):
         eps = eps or 1e-6
         mu = x.mean(-1, keepdims=True)
         var = ((x - mu) ** 2).mean(-1, keepdims=True)
         return (x - mu) / jnp.sqrt(var + eps) * scale + bias
     """,
     [("eps or 1e-6", "eps or 1e-5")],
     tests="""
     import numpy as np
     import jax.numpy as jnp
     from norm import layer_norm

     X = jnp.array([[1.0, 2.0, 3.0, 4.0]])

     def test_eps_given():
         y = layer_norm(X, 1.0, 0.0, eps=1e-3)
         assert np.allclose(y.mean(), 0.0, atol=1e-6)

     def test_eps_zero():
         y = layer_norm(X, 1.0, 0.0, eps=0.0)
         assert np.allclose(y.std(), 1.0, atol=1e-3)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from norm import layer_norm
     print(np.asarray(layer_norm(jnp.array([[1.0, 2.0, 3.0, 4.0]]), 1.0, 0.0, eps=0.0)).tobytes().hex())
     """)

case("and-chain-log-step", "planted", "shared-line",
     """In the `log_every and i % log_every == 0 and log.info(...)` chain only the last operand
     changes: it logs `i + 1` instead of `i`. test_fit_logs passes log_every=2, so the operand runs
     (records 'step 1 ...' instead of 'step 0 ...'); test_fit_quiet passes 0 and never reaches it.""",
     "train_loop.py",
     """
     import logging

     import jax
     import jax.numpy as jnp

     log = logging.getLogger(__name__)


     def fit(w, xs, ys, lr=0.1, steps=6, log_every=2):
         def loss(w):
             return jnp.mean((xs @ w - ys) ** 2)

         vg = jax.jit(jax.value_and_grad(loss))
         for i in range(steps):
             l, dw = vg(w)
             w = w - lr * dw
             log_every and i % log_every == 0 and log.info("step %d loss %.4f", i, float(l))
         return w
     """,
     [('log.info("step %d loss %.4f", i, float(l))', 'log.info("step %d loss %.4f", i + 1, float(l))')],
     tests="""
     import jax.numpy as jnp
     from train_loop import fit

     XS = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
     YS = jnp.array([1.0, 2.0, 3.0])

     def test_fit_logs():
         w = fit(jnp.zeros(2), XS, YS, log_every=2)
         assert w.shape == (2,)

     def test_fit_quiet():
         w = fit(jnp.zeros(2), XS, YS, log_every=0)
         assert float(w[1]) > 0
     """,
     witness="""
     import logging, jax.numpy as jnp
     from train_loop import fit
     msgs = []
     class H(logging.Handler):
         def emit(self, r): msgs.append(r.getMessage())
     lg = logging.getLogger("train_loop"); lg.addHandler(H()); lg.setLevel(logging.DEBUG)
     fit(jnp.zeros(2), jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), jnp.array([1.0, 2.0, 3.0]), log_every=2)
     print(msgs)
     """)

case("cond-expr-default-key", "planted", "shared-line",
     """`key if key is not None else jax.random.key(0)` gets `jax.random.PRNGKey(0)` in its
     fallback arm. The sampled params are the same (same key data), but the state's `rng` is a
     raw uint32[2] array instead of a typed key. test_init_default leaves key out (arm runs);
     test_init_given passes one.""",
     "agent.py",
     """
     from typing import NamedTuple

     import jax
     import jax.numpy as jnp


     class AgentState(NamedTuple):
         params: jax.Array
         rng: jax.Array
         step: jax.Array


     def init(num_actions, key=None):
         key = key if key is not None else jax.random.key(0)
         key, sub = jax.random.split(key)
         params = 0.01 * jax.random.normal(sub, (num_actions,))
         return AgentState(params, key, jnp.zeros((), jnp.int32))
     """,
     [("else jax.random.key(0)", "else jax.random.PRNGKey(0)")],
     tests="""
     import jax
     from agent import init

     def test_init_default():
         s = init(4)
         assert s.params.shape == (4,)

     def test_init_given():
         s = init(3, jax.random.key(1))
         assert int(s.step) == 0
     """,
     witness="""
     from agent import init
     s = init(4)
     print(s.rng.dtype, s.rng.shape)
     """)

# ---------------------------------------------------------------- effects not in the return value
case("cache-key-collapsed", "planted", "effect-module-cache",
     """The window memo's key drops the window kind (`(n, kind)` -> `n`). The test asks for one
     kind only, so every returned window is the same; the module-level cache `_WINDOWS` is
     left holding `{8: ...}` instead of `{(8, 'hann'): ...}`.""",
     "spectral.py",
     """
     import numpy as np

     _WINDOWS = {}


     def _make(n, kind):
         k = np.arange(n)
         if kind == "hann":
             return 0.5 - 0.5 * np.cos(2 * np.pi * k / (n - 1))
         return 0.54 - 0.46 * np.cos(2 * np.pi * k / (n - 1))


     def window(n, kind="hann"):
         key = (n, kind)
         if key not in _WINDOWS:
             _WINDOWS[key] = _make(n, kind)
         return _WINDOWS[key].copy()
     """,
     [("key = (n, kind)", "key = n")],
     tests="""
     import numpy as np
     from spectral import window

     def test_hann_endpoints():
         w = window(8)
         assert np.isclose(w[0], 0.0) and np.isclose(w[-1], 0.0)

     def test_hann_cached():
         assert np.array_equal(window(8), window(8, "hann"))
     """,
     witness="""
     import spectral
     spectral.window(8)
     print(sorted(map(repr, spectral._WINDOWS)))
     """)

case("returned-cache-alias", "planted", "effect-aliasing",
     """`window` returns the cached array itself instead of a copy: same values, but a caller
     that scales its window in place (`w *= gain`) now corrupts the module cache, and the next
     call returns the scaled window.""",
     "spectral.py",
     """
     import numpy as np

     _WINDOWS = {}


     def _make(n):
         k = np.arange(n)
         return 0.5 - 0.5 * np.cos(2 * np.pi * k / (n - 1))


     def window(n):
         if n not in _WINDOWS:
             _WINDOWS[n] = _make(n)
         return _WINDOWS[n].copy()
     """,
     [("return _WINDOWS[n].copy()", "return _WINDOWS[n]")],
     tests="""
     import numpy as np
     from spectral import window

     def test_hann_endpoints():
         w = window(8)
         assert np.isclose(w[0], 0.0) and w.max() <= 1.0

     def test_repeat():
         assert np.array_equal(window(8), window(8))
     """,
     witness="""
     from spectral import window
     w = window(8)
     w *= 2.0
     print(window(8).tolist())
     """)

case("mutable-default-buffer", "planted", "effect-mutable-default",
     """`buf=None` becomes `buf=[]`; the `None` check below stays, so a call that leaves buf out
     appends to the function's shared default list. test_single returns 2.0 either way, but the
     default list now holds [2.0] and the next default call would average with it.""",
     "smoothing.py",
     """
     def running_mean(x, buf=None, k=5):
         \"\"\"Append x to buf and return the mean of the last k values.\"\"\"
         buf = [] if buf is None else buf
         buf.append(float(x))
         tail = buf[-k:]
         return sum(tail) / len(tail)
     """,
     [("def running_mean(x, buf=None, k=5):", "def running_mean(x, buf=[], k=5):")],
     tests="""
     from smoothing import running_mean

     def test_single():
         assert running_mean(2.0) == 2.0

     def test_given_buffer():
         assert running_mean(4.0, buf=[2.0]) == 3.0
     """,
     witness="""
     from smoothing import running_mean
     running_mean(2.0)
     print(running_mean(6.0))
     """)

case("closure-patience-tie", "planted", "effect-closure-cell",
     """The early stopper's improvement test `loss < best - min_delta` becomes `<=`: a tie now
     counts as an improvement and resets `bad`. On the test's losses [3, 2, 2, 2] neither
     version stops with patience 3, but the closure's cell `bad` ends at 0 instead of 2 (one
     more tie stops the old stopper, not the new one).""",
     "early_stop.py",
     """
     import math


     def make_early_stopper(patience, min_delta=0.0):
         best = math.inf
         bad = 0

         def should_stop(loss):
             nonlocal best, bad
             loss = float(loss)
             if loss < best - min_delta:
                 best, bad = loss, 0
             else:
                 bad += 1
             return bad >= patience

         return should_stop
     """,
     [("if loss < best - min_delta:", "if loss <= best - min_delta:")],
     tests="""
     from early_stop import make_early_stopper

     def test_no_stop_on_improving_run():
         stop = make_early_stopper(patience=3)
         assert not any(stop(l) for l in [3.0, 2.0, 2.0, 2.0])
     """,
     witness="""
     from early_stop import make_early_stopper
     stop = make_early_stopper(patience=3)
     for l in [3.0, 2.0, 2.0, 2.0]:
         stop(l)
     print(stop.__closure__[0].cell_contents, stop(2.0))
     """)

case("argument-normalised-in-place", "planted", "effect-argument-mutated",
     """`out = batch - mean` becomes `out = batch; out -= mean`: the same standardised values are
     returned, but the caller's NumPy batch is now standardised in place (and the returned
     array is the caller's own).""",
     "preprocess.py",
     """
     import numpy as np


     def standardize(batch: np.ndarray):
         mean = batch.mean(0)
         std = batch.std(0) + 1e-8
         out = batch - mean
         out /= std
         return out, (mean, std)
     """,
     [("out = batch - mean\n", "out = batch\n    out -= mean\n")],
     tests="""
     import numpy as np
     from preprocess import standardize

     def test_standardize():
         x = np.arange(12.0).reshape(4, 3)
         y, (m, s) = standardize(x)
         assert np.allclose(y.mean(0), 0.0)
     """,
     witness="""
     import numpy as np
     from preprocess import standardize
     x = np.arange(12.0).reshape(4, 3)
     standardize(x)
     print(x.tolist())
     """)

case("hook-step-index", "planted", "effect-reachable-from-self",
     """Trainer.step now increments `self.step_count` before notifying its hooks, so the
     MetricsHook held in `self.hooks` records steps 1, 2 instead of 0, 1. The returned loss and the
     final step_count are unchanged.""",
     "trainer.py",
     """
     import jax
     import jax.numpy as jnp


     class MetricsHook:
         def __init__(self):
             self.seen = []

         def on_step(self, step, loss):
             self.seen.append((step, round(loss, 6)))


     class Trainer:
         def __init__(self, w, lr=0.1):
             self.w = w
             self.lr = lr
             self.step_count = 0
             self.hooks = [MetricsHook()]
             self._vg = jax.jit(jax.value_and_grad(lambda w, x, y: jnp.mean((x @ w - y) ** 2)))

         def step(self, x, y):
             loss, g = self._vg(self.w, x, y)
             self.w = self.w - self.lr * g
             for h in self.hooks:
                 h.on_step(self.step_count, float(loss))
             self.step_count += 1
             return float(loss)
     """,
     [("""            for h in self.hooks:
                 h.on_step(self.step_count, float(loss))
             self.step_count += 1
     """, """            self.step_count += 1
             for h in self.hooks:
                 h.on_step(self.step_count, float(loss))
     """)],
     tests="""
     import jax.numpy as jnp
     from trainer import Trainer

     def test_loss_decreases():
         t = Trainer(jnp.zeros(2))
         x = jnp.array([[1.0, 0.0], [0.0, 1.0]])
         y = jnp.array([1.0, -1.0])
         l0 = t.step(x, y)
         l1 = t.step(x, y)
         assert l1 < l0 and t.step_count == 2
     """,
     witness="""
     import jax.numpy as jnp
     from trainer import Trainer
     t = Trainer(jnp.zeros(2))
     x = jnp.array([[1.0, 0.0], [0.0, 1.0]]); y = jnp.array([1.0, -1.0])
     t.step(x, y); t.step(x, y)
     print(t.hooks[0].seen)
     """)

case("print-trace-vs-run", "planted", "effect-printed",
     """A trace-time `print` of the input shape becomes `jax.debug.print`: the old version
     prints 'compiling step (3,)' once (first trace), the new one prints 'step input (3,)'
     every time the compiled step runs (twice in the test).""",
     "stepper.py",
     """
     import jax
     import jax.numpy as jnp


     @jax.jit
     def step(x):
         print("compiling step", x.shape)
         return jnp.tanh(x) * 0.5
     """,
     [('print("compiling step", x.shape)', 'jax.debug.print("step input {}", x.shape)')],
     tests="""
     import jax.numpy as jnp
     from stepper import step

     def test_step_twice():
         x = jnp.ones(3)
         y = step(step(x))
         assert y.shape == (3,)
     """,
     witness="""
     import jax.numpy as jnp
     from stepper import step
     step(step(jnp.ones(3)))
     """)

case("log-level-demoted", "planted", "effect-logged",
     """The warning for a skipped non-finite update is demoted from `log.warning` to `log.info`
     (same text). The test feeds a NaN gradient; the update is skipped in both versions, but the
     record's level differs (and at the default WARNING level the new one is not shown at all).""",
     "guard.py",
     """
     import logging

     import jax.numpy as jnp
     import numpy as np

     log = logging.getLogger(__name__)


     def guarded_update(params, grads, lr=0.1):
         if not np.isfinite(np.asarray(grads)).all():
             log.warning("non-finite gradient, skipping update")
             return params
         return params - lr * grads
     """,
     [('log.warning("non-finite gradient', 'log.info("non-finite gradient')],
     tests="""
     import jax.numpy as jnp
     from guard import guarded_update

     def test_skip_nan():
         p = jnp.ones(2)
         out = guarded_update(p, jnp.array([jnp.nan, 1.0]))
         assert (out == p).all()
     """,
     witness="""
     import logging, jax.numpy as jnp
     from guard import guarded_update
     recs = []
     class H(logging.Handler):
         def emit(self, r): recs.append((r.levelname, r.getMessage()))
     lg = logging.getLogger("guard"); lg.addHandler(H()); lg.setLevel(logging.DEBUG)
     guarded_update(jnp.ones(2), jnp.array([jnp.nan, 1.0]))
     print(recs)
     """)

case("debug-callback-after-update", "planted", "effect-callback",
     """The `jax.debug.callback` in the jitted train step now reports the loss of the updated
     parameters instead of the loss that was differentiated. The returned params are the same;
     the user's `on_metrics` callback receives other values.""",
     "jit_train.py",
     """
     import jax
     import jax.numpy as jnp


     def _loss(w, x, y):
         return jnp.mean((x @ w - y) ** 2)


     def make_train_step(on_metrics):
         @jax.jit
         def train_step(w, x, y):
             loss, g = jax.value_and_grad(_loss)(w, x, y)
             new_w = w - 0.1 * g
             jax.debug.callback(on_metrics, loss)
             return new_w

         return train_step
     """,
     [("jax.debug.callback(on_metrics, loss)", "jax.debug.callback(on_metrics, _loss(new_w, x, y))")],
     tests="""
     import jax.numpy as jnp
     from jit_train import make_train_step

     def test_step_reports():
         seen = []
         w = make_train_step(seen.append)(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]))
         assert w.shape == (2,) and len(seen) == 1
     """,
     witness="""
     import jax.numpy as jnp
     from jit_train import make_train_step
     seen = []
     make_train_step(seen.append)(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]))
     print([float(s) for s in seen])
     """)

case("plain-callback-list-append", "planted", "effect-python-callback",
     """`fit` calls the user's `on_step` (here the test's `list.append`) with the loss evaluated
     after the update instead of the loss of the step. The returned weights are the same; the
     list the test passed in receives other numbers (the effect lands on an object reachable only
     through the bound builtin method the test passed).""",
     "fitting.py",
     """
     import jax
     import jax.numpy as jnp


     def _loss(w, x, y):
         return jnp.mean((x @ w - y) ** 2)


     _vg = jax.jit(jax.value_and_grad(_loss))


     def fit(w, x, y, steps=3, lr=0.1, on_step=None):
         for _ in range(steps):
             loss, g = _vg(w, x, y)
             w = w - lr * g
             if on_step is not None:
                 on_step(float(loss))
         return w
     """,
     [("on_step(float(loss))", "on_step(float(_loss(w, x, y)))")],
     tests="""
     import jax.numpy as jnp
     from fitting import fit

     def test_fit_reports_each_step():
         seen = []
         w = fit(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]), on_step=seen.append)
         assert len(seen) == 3 and w.shape == (2,)
     """,
     witness="""
     import jax.numpy as jnp
     from fitting import fit
     seen = []
     fit(jnp.zeros(2), jnp.eye(2), jnp.array([1.0, 2.0]), on_step=seen.append)
     print(seen)
     """)

case("plain-callback-lambda-index", "planted", "effect-python-callback",
     """`evaluate_every` reports epochs to the user's callback 1-based instead of 0-based
     (`callback(epoch + 1, ...)`). The test's callback is a lambda closing over a list; the
     returned history (losses only) is unchanged, the tuples the test's list receives are not.""",
     "loop.py",
     """
     import jax.numpy as jnp


     def evaluate_every(losses_fn, n_epochs, callback):
         history = []
         for epoch in range(n_epochs):
             loss = float(losses_fn(epoch))
             history.append(loss)
             callback(epoch, loss)
         return history
     """,
     [("callback(epoch, loss)", "callback(epoch + 1, loss)")],
     tests="""
     import jax.numpy as jnp
     from loop import evaluate_every

     def test_history():
         got = []
         h = evaluate_every(lambda e: jnp.exp(-e), 3, lambda e, l: got.append((e, l)))
         assert len(h) == 3 and len(got) == 3
     """,
     witness="""
     import jax.numpy as jnp
     from loop import evaluate_every
     got = []
     evaluate_every(lambda e: jnp.exp(-e), 3, lambda e, l: got.append((e, l)))
     print(got)
     """)

case("ckpt-rotation-keeps-fewer", "planted", "effect-files",
     """Checkpoint rotation deletes `ckpts[:-keep + 1]` instead of `ckpts[:-keep]`: with keep=3
     only two checkpoints survive. The test saves five and checks the returned latest path
     loads; the directory it leaves behind holds steps 3,4 instead of 2,3,4 (a file deleted, not
     written).""",
     "ckpt.py",
     """
     import glob
     import os

     import numpy as np


     def save_checkpoint(directory, step, params, keep=3):
         path = os.path.join(directory, f"ckpt_{step:06d}.npy")
         np.save(path, np.asarray(params))
         ckpts = sorted(glob.glob(os.path.join(directory, "ckpt_*.npy")))
         for old in ckpts[:-keep]:
             os.remove(old)
         return path
     """,
     [("ckpts[:-keep]", "ckpts[:-keep + 1]")],
     tests="""
     import numpy as np
     from ckpt import save_checkpoint

     def test_rotation(tmp_path):
         for s in range(5):
             p = save_checkpoint(str(tmp_path), s, np.full(3, float(s)))
         assert np.load(p).tolist() == [4.0, 4.0, 4.0]
     """,
     witness="""
     import os, tempfile, numpy as np
     from ckpt import save_checkpoint
     d = tempfile.mkdtemp()
     for s in range(5):
         save_checkpoint(d, s, np.full(3, float(s)))
     print(sorted(os.listdir(d)))
     """)

case("ckpt-private-mode-dropped", "planted", "effect-files",
     """The checkpoint writer no longer restricts the file to its owner (`os.chmod(path, 0o600)`
     removed). Name and content of the file are identical; its permission bits are not.""",
     "ckpt.py",
     """
     import os

     import numpy as np


     def save_private(directory, name, params):
         path = os.path.join(directory, name + ".npy")
         np.save(path, np.asarray(params))
         os.chmod(path, 0o600)
         return path
     """,
     [("    os.chmod(path, 0o600)\n", "")],
     tests="""
     import numpy as np
     from ckpt import save_private

     def test_roundtrip(tmp_path):
         p = save_private(str(tmp_path), "w", np.arange(3.0))
         assert np.load(p).tolist() == [0.0, 1.0, 2.0]
     """,
     witness="""
     import os, tempfile, numpy as np
     from ckpt import save_private
     p = save_private(tempfile.mkdtemp(), "w", np.arange(3.0))
     print(oct(os.stat(p).st_mode & 0o777))
     """)

case("ckpt-latest-symlink-absolute", "planted", "effect-files",
     """The `latest` symlink is made to the checkpoint's absolute path instead of its basename.
     Both resolve to the same file in the test, so loading through it works; the link's target
     differs, and a checkpoint directory copied or moved elsewhere now points back at the old one.""",
     "ckpt.py",
     """
     import os

     import numpy as np


     def save_and_link(directory, step, params):
         path = os.path.join(directory, f"step_{step}.npy")
         np.save(path, np.asarray(params))
         tmp = os.path.join(directory, "latest.tmp")
         os.symlink(os.path.basename(path), tmp)
         os.replace(tmp, os.path.join(directory, "latest"))
         return path
     """,
     [("os.symlink(os.path.basename(path), tmp)", "os.symlink(os.path.abspath(path), tmp)")],
     tests="""
     import os
     import numpy as np
     from ckpt import save_and_link

     def test_latest(tmp_path):
         save_and_link(str(tmp_path), 1, np.zeros(2))
         save_and_link(str(tmp_path), 2, np.ones(2))
         assert np.load(os.path.join(tmp_path, "latest")).tolist() == [1.0, 1.0]
     """,
     witness="""
     import os, tempfile, numpy as np
     from ckpt import save_and_link
     d = tempfile.mkdtemp()
     save_and_link(d, 1, np.zeros(2))
     print(os.path.isabs(os.readlink(os.path.join(d, "latest"))))
     """)

case("staging-dir-left", "planted", "effect-files",
     """The writer stages into `<dir>/.staging` and the new version no longer removes the
     (now empty) staging directory after the move. Every file written has the same name and
     content; an empty directory is left behind.""",
     "export.py",
     """
     import os

     import numpy as np


     def export_arrays(directory, arrays):
         stage = os.path.join(directory, ".staging")
         os.makedirs(stage, exist_ok=True)
         for name, a in arrays.items():
             np.save(os.path.join(stage, name + ".npy"), np.asarray(a))
             os.replace(os.path.join(stage, name + ".npy"), os.path.join(directory, name + ".npy"))
         os.rmdir(stage)
         return sorted(arrays)
     """,
     [("    os.rmdir(stage)\n", "")],
     tests="""
     import os
     import numpy as np
     from export import export_arrays

     def test_export(tmp_path):
         names = export_arrays(str(tmp_path), {"w": np.ones(2), "b": np.zeros(1)})
         assert names == ["b", "w"]
         assert np.load(os.path.join(tmp_path, "w.npy")).tolist() == [1.0, 1.0]
     """,
     witness="""
     import os, tempfile, numpy as np
     from export import export_arrays
     d = tempfile.mkdtemp()
     export_arrays(d, {"w": np.ones(2), "b": np.zeros(1)})
     print(sorted(os.listdir(d)))
     """)

case("zip-pulls-extra-batch", "planted", "argument-state",
     """`zip(range(num_steps), batches)` becomes `zip(batches, range(num_steps))`: zip now pulls
     one more batch from the caller's iterator before it sees the range is exhausted. The returned
     params are the same; the caller's data iterator has lost a batch.""",
     "sgd.py",
     """
     import jax
     import jax.numpy as jnp


     @jax.jit
     def _sgd(w, batch, lr):
         x, y = batch
         g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
         return w - lr * g


     def train(w, batches, num_steps, lr=0.1):
         for _, batch in zip(range(num_steps), batches):
             w = _sgd(w, batch, lr)
         return w
     """,
     [("for _, batch in zip(range(num_steps), batches):", "for batch, _ in zip(batches, range(num_steps)):")],
     tests="""
     import jax.numpy as jnp
     from sgd import train

     def make_batches():
         i = 0
         while True:
             yield jnp.eye(2), jnp.array([1.0, float(i)])
             i += 1

     def test_train():
         w = train(jnp.zeros(2), make_batches(), 2)
         assert w.shape == (2,)
     """,
     witness="""
     import jax.numpy as jnp
     from sgd import train
     def make_batches():
         i = 0
         while True:
             yield jnp.eye(2), jnp.array([1.0, float(i)])
             i += 1
     it = make_batches()
     train(jnp.zeros(2), it, 2)
     print(next(it)[1].tolist())
     """)

case("header-reads-whole-stream", "planted", "argument-state",
     """`read_header` reads the declared number of name lines with `f.readlines()[:n]` instead of
     n `readline()` calls: same names returned, but the caller's stream is left at its end instead
     of at the first data row.""",
     "trajio.py",
     """
     def read_header(f):
         \"\"\"Read a trajectory header: a count line, then that many column names.\"\"\"
         n = int(f.readline())
         names = [f.readline().strip() for _ in range(n)]
         return names
     """,
     [("names = [f.readline().strip() for _ in range(n)]", "names = [ln.strip() for ln in f.readlines()[:n]]")],
     tests="""
     import io
     from trajio import read_header

     def test_header():
         f = io.StringIO("2\\nx\\nv\\n0.0 1.0\\n0.5 0.9\\n")
         assert read_header(f) == ["x", "v"]
     """,
     witness="""
     import io
     from trajio import read_header
     f = io.StringIO("2\\nx\\nv\\n0.0 1.0\\n0.5 0.9\\n")
     read_header(f)
     print(f.tell(), repr(f.readline()))
     """)

case("rng-arg-drawn-when-disabled", "planted", "argument-state",
     """The `flip_prob == 0.0` early return is removed as 'redundant' (the mask is all False then).
     The returned batch is identical, but the caller's `np.random.Generator` has drawn len(batch)
     numbers, so everything the caller samples next changes.""",
     "augment.py",
     """
     import numpy as np


     def random_flip(rng: np.random.Generator, batch: np.ndarray, flip_prob: float = 0.5):
         if flip_prob == 0.0:
             return batch.copy()
         mask = rng.random(len(batch)) < flip_prob
         out = batch.copy()
         out[mask] = out[mask, ::-1]
         return out
     """,
     [("    if flip_prob == 0.0:\n        return batch.copy()\n", "")],
     tests="""
     import numpy as np
     from augment import random_flip

     def test_disabled_is_identity():
         rng = np.random.default_rng(0)
         b = np.arange(6.0).reshape(3, 2)
         assert np.array_equal(random_flip(rng, b, 0.0), b)
     """,
     witness="""
     import numpy as np
     from augment import random_flip
     rng = np.random.default_rng(0)
     random_flip(rng, np.arange(6.0).reshape(3, 2), 0.0)
     print(rng.random())
     """)

case("sigterm-handler-not-restored", "planted", "effect-process-state",
     """`train` installs a SIGTERM handler (checkpoint on preemption) and the new version no
     longer saves and restores the previous handler (the try/finally is gone). Same result; the process is left with the
     module's handler installed for SIGTERM.""",
     "preempt.py",
     """
     import signal

     import jax.numpy as jnp

     _PREEMPTED = []


     def _on_sigterm(signum, frame):
         _PREEMPTED.append(signum)


     def train(w, steps):
         prev = signal.signal(signal.SIGTERM, _on_sigterm)
         try:
             for _ in range(steps):
                 w = w * 0.5
                 if _PREEMPTED:
                     break
             return w
         finally:
             signal.signal(signal.SIGTERM, prev)
     """,
     [("""    prev = signal.signal(signal.SIGTERM, _on_sigterm)
         try:
             for _ in range(steps):
                 w = w * 0.5
                 if _PREEMPTED:
                     break
             return w
         finally:
             signal.signal(signal.SIGTERM, prev)
     """, """    signal.signal(signal.SIGTERM, _on_sigterm)
         for _ in range(steps):
             w = w * 0.5
             if _PREEMPTED:
                 break
         return w
     """)],
     tests="""
     import jax.numpy as jnp
     from preempt import train

     def test_train():
         assert float(train(jnp.ones(()), 3)) == 0.125
     """,
     witness="""
     import signal, jax.numpy as jnp
     from preempt import train
     train(jnp.ones(()), 3)
     h = signal.getsignal(signal.SIGTERM)
     print(getattr(h, "__name__", h))
     """)

case("prefetch-thread-leaked", "planted", "effect-process-state",
     """`evaluate_prefetched` no longer signals its producer thread to stop and no longer drains
     the queue: the result is the same, but a daemon thread is left blocked on `queue.put` (the
     process has one more live thread after every call).""",
     "prefetch.py",
     """
     import queue
     import threading

     import jax
     import jax.numpy as jnp


     def _producer(it, q, stop):
         for item in it:
             while not stop.is_set():
                 try:
                     q.put(item, timeout=0.05)
                     break
                 except queue.Full:
                     pass
             if stop.is_set():
                 return


     def evaluate_prefetched(w, batches, num_batches, size=2):
         q = queue.Queue(size)
         stop = threading.Event()
         t = threading.Thread(target=_producer, args=(iter(batches), q, stop), daemon=True)
         t.start()
         total = 0.0
         for _ in range(num_batches):
             x, y = q.get()
             total += float(jnp.mean((x @ w - y) ** 2))
         stop.set()
         t.join()
         return total / num_batches
     """,
     [("        total += float(jnp.mean((x @ w - y) ** 2))\n    stop.set()\n    t.join()\n",
       "        total += float(jnp.mean((x @ w - y) ** 2))\n")],
     tests="""
     import itertools
     import jax.numpy as jnp
     from prefetch import evaluate_prefetched

     def test_eval():
         batches = itertools.repeat((jnp.eye(2), jnp.ones(2)))
         assert evaluate_prefetched(jnp.ones(2), batches, 3) == 0.0
     """,
     witness="""
     import itertools, threading, time, jax.numpy as jnp
     from prefetch import evaluate_prefetched
     before = threading.active_count()
     evaluate_prefetched(jnp.ones(2), itertools.repeat((jnp.eye(2), jnp.ones(2))), 3)
     time.sleep(0.3)
     print(threading.active_count() - before)
     """)

case("recursion-limit-not-restored", "planted", "effect-process-state",
     """`flatten_deep` raises the recursion limit for a deeply nested pytree; the new version no
     longer restores the old limit afterwards. Same leaves returned; the interpreter's recursion
     limit stays at 10000.""",
     "deep.py",
     """
     import sys

     import jax


     def flatten_deep(tree, limit=10_000):
         old = sys.getrecursionlimit()
         sys.setrecursionlimit(max(old, limit))
         try:
             return jax.tree_util.tree_leaves(tree)
         finally:
             sys.setrecursionlimit(old)
     """,
     [("""    old = sys.getrecursionlimit()
         sys.setrecursionlimit(max(old, limit))
         try:
             return jax.tree_util.tree_leaves(tree)
         finally:
             sys.setrecursionlimit(old)
     """, """    sys.setrecursionlimit(max(sys.getrecursionlimit(), limit))
         return jax.tree_util.tree_leaves(tree)
     """)],
     tests="""
     from deep import flatten_deep

     def test_nested():
         t = 1
         for _ in range(50):
             t = [t, 2]
         assert len(flatten_deep(t)) == 51
     """,
     witness="""
     import sys
     from deep import flatten_deep
     before = sys.getrecursionlimit()
     flatten_deep([[1, 2], 3])
     print(sys.getrecursionlimit() - before)
     """)

case("deque-window-off-by-one", "planted", "container-metadata",
     """LossMonitor's window deque is built with `maxlen=window - 1`. The test pushes fewer losses
     than the window, so every mean it reads is the same, but the monitor object holds a deque with
     another `maxlen` (it will drop old losses one step earlier).""",
     "monitor.py",
     """
     import collections


     class LossMonitor:
         def __init__(self, window=10):
             self._recent = collections.deque(maxlen=window)

         def push(self, loss):
             self._recent.append(float(loss))
             return sum(self._recent) / len(self._recent)
     """,
     [("deque(maxlen=window)", "deque(maxlen=window - 1)")],
     tests="""
     from monitor import LossMonitor

     def test_mean():
         m = LossMonitor(window=10)
         for l in [4.0, 2.0, 3.0]:
             mean = m.push(l)
         assert mean == 3.0
     """,
     witness="""
     from monitor import LossMonitor
     m = LossMonitor(window=10)
     for l in [4.0, 2.0, 3.0]:
         m.push(l)
     print(m._recent.maxlen)
     """)

case("dict-order-tree-map", "planted", "container-metadata",
     """A dict comprehension over the gradients becomes `jax.tree.map`: the same arrays, but
     tree_map rebuilds a dict in sorted key order, so the returned dict iterates 'b', 'w' instead
     of the caller's 'w', 'b' (what a logger printing `dict.items()` or `json.dumps` shows).""",
     "grads.py",
     """
     import jax
     import jax.numpy as jnp


     def scale_grads(grads: dict, s):
         return {k: g * s for k, g in grads.items()}
     """,
     [("return {k: g * s for k, g in grads.items()}", "return jax.tree.map(lambda g: g * s, grads)")],
     tests="""
     import jax.numpy as jnp
     from grads import scale_grads

     def test_scale():
         out = scale_grads({"w": jnp.ones(2), "b": jnp.ones(1)}, 0.5)
         assert float(out["w"][0]) == 0.5 and float(out["b"][0]) == 0.5
     """,
     witness="""
     import jax.numpy as jnp
     from grads import scale_grads
     print(list(scale_grads({"w": jnp.ones(2), "b": jnp.ones(1)}, 0.5)))
     """)

case("stats-share-one-buffer", "planted", "effect-aliasing",
     """`init_stats` returns one zero array for both 'mu' and 'ema_mu' instead of two. Equal
     values; but the caller's in-place update of stats['mu'] (as `update_stats` does) now also
     moves 'ema_mu'.""",
     "stats.py",
     """
     import numpy as np


     def init_stats(dim):
         return {"mu": np.zeros(dim), "ema_mu": np.zeros(dim), "n": 0}


     def update_stats(stats, x, decay=0.9):
         stats["n"] += 1
         stats["mu"] += (x - stats["mu"]) / stats["n"]
         stats["ema_mu"] *= decay
         stats["ema_mu"] += (1 - decay) * x
         return stats
     """,
     [('return {"mu": np.zeros(dim), "ema_mu": np.zeros(dim), "n": 0}',
       'z = np.zeros(dim)\n    return {"mu": z, "ema_mu": z, "n": 0}')],
     tests="""
     import numpy as np
     from stats import init_stats

     def test_init():
         s = init_stats(3)
         assert s["mu"].shape == (3,) and not s["ema_mu"].any() and s["n"] == 0
     """,
     witness="""
     import numpy as np
     from stats import init_stats, update_stats
     s = init_stats(2)
     update_stats(s, np.array([1.0, 2.0]))
     print(s["ema_mu"].tolist())
     """)

case("donated-params", "planted", "effect-argument-mutated",
     """The module-level jitted SGD step gains `donate_argnums=(0,)`. The returned params are
     identical, but the caller's params arrays are deleted by the call (donation works on CPU):
     any later use of them raises.""",
     "opt.py",
     """
     import jax
     import jax.numpy as jnp


     def _sgd_step(params, grads, lr):
         return jax.tree.map(lambda p, g: p - lr * g, params, grads)


     _update = jax.jit(_sgd_step)


     def sgd_step(params, grads, lr=0.1):
         return _update(params, grads, lr)
     """,
     [("_update = jax.jit(_sgd_step)", "_update = jax.jit(_sgd_step, donate_argnums=(0,))")],
     tests="""
     import jax.numpy as jnp
     from opt import sgd_step

     def test_step():
         p = {"w": jnp.ones(2)}
         new = sgd_step(p, {"w": jnp.ones(2)})
         assert abs(float(new["w"][0]) - 0.9) < 1e-6
     """,
     witness="""
     import jax.numpy as jnp
     from opt import sgd_step
     p = {"w": jnp.ones(2)}
     sgd_step(p, {"w": jnp.ones(2)})
     print(p["w"].is_deleted())
     """)

# ---------------------------------------------------------------- flakiness that hides a difference
case("flaky-timing-hides-clip", "planted", "flaky-masking",
     """The prediction clip bound changes from +-10 to +-5. test_small's predictions lie within
     +-5 (equal there; the changed expression runs). test_timed's predictions reach 8, so its
     loss differs (64.0 vs 25.0 for the clipped element), but that call also returns a wall-clock
     'seconds' entry, so it differs between two runs of the old version as well. The loss is
     deterministic: the deterministic part of that call differs.""",
     "evaluate.py",
     """
     import time

     import jax.numpy as jnp


     def evaluate(w, x, y, timed=False):
         t0 = time.perf_counter()
         pred = jnp.clip(x @ w, -10.0, 10.0)
         out = {"loss": float(jnp.mean((pred - y) ** 2))}
         if timed:
             out["seconds"] = time.perf_counter() - t0
         return out
     """,
     [("jnp.clip(x @ w, -10.0, 10.0)", "jnp.clip(x @ w, -5.0, 5.0)")],
     tests="""
     import jax.numpy as jnp
     from evaluate import evaluate

     def test_small():
         assert evaluate(jnp.ones(2), jnp.eye(2), jnp.ones(2))["loss"] == 0.0

     def test_timed():
         out = evaluate(jnp.array([8.0, 1.0]), jnp.eye(2), jnp.zeros(2), timed=True)
         assert out["seconds"] >= 0 and out["loss"] > 0
     """,
     witness="""
     import jax.numpy as jnp
     from evaluate import evaluate
     print(evaluate(jnp.array([8.0, 1.0]), jnp.eye(2), jnp.zeros(2), timed=True)["loss"])
     """)

case("flaky-run-id-hides-scaling", "planted", "flaky-masking",
     """The linear LR-scaling reference batch changes from 256 to 128. test_named_run passes a
     run_id and batch_size 512 (scale capped at 1.0: equal, and the changed expression runs).
     test_default_run leaves run_id out, so a random uuid is drawn (that call differs between two
     runs of the old version), and with batch_size 128 its lr is 2.5e-4 old, 5e-4 new.""",
     "runs.py",
     """
     import uuid


     def make_run(base_lr, batch_size, run_id=None):
         run_id = run_id or uuid.uuid4().hex[:8]
         lr = base_lr * min(1.0, batch_size / 256)
         return {"run_id": run_id, "lr": lr, "batch_size": batch_size}
     """,
     [("batch_size / 256", "batch_size / 128")],
     tests="""
     from runs import make_run

     def test_named_run():
         assert make_run(5e-4, 512, run_id="exp1")["lr"] == 5e-4

     def test_default_run():
         r = make_run(5e-4, 128)
         assert len(r["run_id"]) == 8 and r["lr"] > 0
     """,
     witness="""
     from runs import make_run
     print(make_run(5e-4, 128)["lr"])
     """)

# ---------------------------------------------------------------- changed value never used by the calls
case("default-always-passed", "planted", "unused-value",
     """Adam's default `b2=0.999` becomes `0.99`; every test passes b2 explicitly, so no call
     uses it. The function's defaults (what any other caller would get) differ.""",
     "adam.py",
     """
     import jax.numpy as jnp


     def adam_update(g, m, v, t, lr, b1=0.9, b2=0.999, eps=1e-8):
         m = b1 * m + (1 - b1) * g
         v = b2 * v + (1 - b2) * g * g
         mhat = m / (1 - b1 ** t)
         vhat = v / (1 - b2 ** t)
         return -lr * mhat / (jnp.sqrt(vhat) + eps), m, v
     """,
     [("b2=0.999", "b2=0.99")],
     tests="""
     import jax.numpy as jnp
     from adam import adam_update

     def test_first_step_is_sign():
         u, m, v = adam_update(jnp.array([2.0, -3.0]), 0.0, 0.0, 1, 0.1, b1=0.9, b2=0.999, eps=0.0)
         assert jnp.allclose(u, jnp.array([-0.1, 0.1]))
     """,
     witness="""
     from adam import adam_update
     print(adam_update.__defaults__)
     """)

case("kwonly-default-always-passed", "planted", "unused-value",
     """The keyword-only default `max_norm=1.0` becomes `5.0`; the test always passes max_norm,
     so no call uses it; the function's `__kwdefaults__` differ.""",
     "clipping.py",
     """
     import jax
     import jax.numpy as jnp


     def clip_by_global_norm(grads, *, max_norm=1.0):
         norm = jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree.leaves(grads)))
         scale = jnp.minimum(1.0, max_norm / (norm + 1e-12))
         return jax.tree.map(lambda g: g * scale, grads)
     """,
     [("max_norm=1.0", "max_norm=5.0")],
     tests="""
     import jax.numpy as jnp
     from clipping import clip_by_global_norm

     def test_clip():
         out = clip_by_global_norm({"a": jnp.array([3.0, 4.0])}, max_norm=1.0)
         assert jnp.allclose(jnp.linalg.norm(out["a"]), 1.0)
     """,
     witness="""
     from clipping import clip_by_global_norm
     print(clip_by_global_norm.__kwdefaults__)
     """)

case("module-constant-unused", "planted", "unused-value",
     """The module constant `LOG_EPS` changes from 1e-12 to 1e-10. The function the calls use
     (`entropy`) does not read it; only `safe_log`, which no call uses, does. Anyone reading
     `probs.LOG_EPS` (or calling safe_log) sees the change.""",
     "probs.py",
     """
     import jax.numpy as jnp

     LOG_EPS = 1e-12


     def safe_log(p):
         return jnp.log(jnp.maximum(p, LOG_EPS))


     def entropy(logits):
         logp = logits - jnp.log(jnp.sum(jnp.exp(logits), -1, keepdims=True))
         return -jnp.sum(jnp.exp(logp) * logp, -1)
     """,
     [("LOG_EPS = 1e-12", "LOG_EPS = 1e-10")],
     calls=["entropy(jnp.zeros((2, 4)))"],
     witness="""
     import probs
     print(probs.LOG_EPS, probs.entropy(probs.jnp.zeros((2, 4))).tolist())
     """)

case("dataclass-default-overridden", "planted", "unused-value",
     """The frozen config's default `warmup_steps: int = 100` becomes 1000. The test always
     builds the config with explicit values; the class's field default (and `OptConfig()`) differ.""",
     "config.py",
     """
     import dataclasses

     import jax.numpy as jnp


     @dataclasses.dataclass(frozen=True)
     class OptConfig:
         lr: float = 3e-4
         warmup_steps: int = 100


     def lr_at(cfg: OptConfig, step):
         return cfg.lr * jnp.minimum(1.0, (step + 1) / cfg.warmup_steps)
     """,
     [("warmup_steps: int = 100", "warmup_steps: int = 1000")],
     tests="""
     from config import OptConfig, lr_at

     def test_warmup():
         cfg = OptConfig(lr=1e-3, warmup_steps=10)
         assert float(lr_at(cfg, 9)) == 1e-3 or abs(float(lr_at(cfg, 9)) - 1e-3) < 1e-9
     """,
     witness="""
     from config import OptConfig
     print(OptConfig())
     """)

case("partial-keyword-overridden", "planted", "unused-value",
     """The module-level `heavy_ball = functools.partial(momentum_step, beta=0.9)` becomes beta=0.95.
     The calls always pass beta=0.5 explicitly (which overrides the partial's keyword), so every
     result is the same; the partial object's keywords differ.""",
     "momentum.py",
     """
     import functools

     import jax.numpy as jnp


     def momentum_step(w, g, v, lr, beta):
         v = beta * v + g
         return w - lr * v, v


     heavy_ball = functools.partial(momentum_step, beta=0.9)
     """,
     [("beta=0.9)", "beta=0.95)")],
     calls=["heavy_ball(jnp.ones(2), jnp.ones(2), jnp.zeros(2), 0.1, beta=0.5)"],
     witness="""
     import momentum
     print(momentum.heavy_ball.keywords)
     """)

# ---------------------------------------------------------------- traced, never executed
case("cond-unselected-weak-type", "planted", "traced-not-executed",
     """The never-selected branch of lax.cond (|x| <= eps) changes from `v * 0.0` to
     `jnp.float32(0.0)`. With a weakly typed Python-float input the cond's output was weak
     (both branches weak); now one branch is strong, so the result is a strong float32 although
     that branch never executes.""",
     "inverse.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def safe_inverse(x, eps=1e-6):
         return lax.cond(jnp.abs(x) > eps, lambda v: 1.0 / v, lambda v: v * 0.0, x)
     """,
     [("lambda v: v * 0.0", "lambda v: jnp.float32(0.0)")],
     calls=["safe_inverse(2.0)"],
     witness="""
     from inverse import safe_inverse
     y = safe_inverse(2.0)
     print(y.dtype, y.weak_type, float(y))
     """)

case("vmap-cond-unselected-debug-print", "planted", "traced-not-executed",
     """The fallback branch of a per-element lax.cond, which no element selects, changes its
     `jax.debug.print` text. Under vmap the batched cond evaluates both branches, so the print in
     the unselected branch fires for every element: the printed text differs.""",
     "clampers.py",
     """
     import jax
     import jax.numpy as jnp
     from jax import lax


     def _fallback(v):
         jax.debug.print("clamping {v}", v=v)
         return jnp.clip(v, -1.0, 1.0)


     def soft_clamp(xs):
         one = lambda x: lax.cond(jnp.abs(x) < 1.0, lambda v: v, _fallback, x)
         return jax.vmap(one)(xs)
     """,
     [('"clamping {v}"', '"clamped {v}"')],
     calls=["soft_clamp(jnp.array([0.25, -0.5]))"],
     witness="""
     import jax.numpy as jnp
     from clampers import soft_clamp
     soft_clamp(jnp.array([0.25, -0.5])).block_until_ready()
     """)

case("while-body-never-runs-trace-log", "planted", "traced-not-executed",
     """The Newton solver's while_loop body logs at trace time (`log.debug` of the carry shape);
     the new version changes that message. The test's initial guess is already converged, so the
     body never executes, but it is traced on every call and the record it logs differs.""",
     "newton.py",
     """
     import logging

     import jax
     import jax.numpy as jnp
     from jax import lax

     log = logging.getLogger(__name__)


     def sqrt_newton(a, x0, tol=1e-6, max_iter=20):
         def cond(c):
             x, i = c
             return (jnp.abs(x * x - a) > tol) & (i < max_iter)

         def body(c):
             x, i = c
             log.debug("tracing newton body for shape %s", x.shape)
             return 0.5 * (x + a / x), i + 1

         return lax.while_loop(cond, body, (x0, 0))[0]
     """,
     [('"tracing newton body for shape %s"', '"tracing newton step, shape %s"')],
     tests="""
     import jax.numpy as jnp
     from newton import sqrt_newton

     def test_already_converged():
         assert float(sqrt_newton(jnp.float32(4.0), jnp.float32(2.0))) == 2.0
     """,
     witness="""
     import logging, jax.numpy as jnp
     from newton import sqrt_newton
     msgs = []
     class H(logging.Handler):
         def emit(self, r): msgs.append(r.getMessage())
     lg = logging.getLogger("newton"); lg.addHandler(H()); lg.setLevel(logging.DEBUG)
     sqrt_newton(jnp.float32(4.0), jnp.float32(2.0))
     print(msgs)
     """)

case("zero-trip-scan-ys-dtype", "planted", "traced-not-executed",
     """The rollout's per-step output `done` is no longer cast to int32 (it stays bool). The test
     rolls out an empty action sequence: the scan body never executes, but the stacked output
     is traced from it, so the empty `dones` array is bool[0] instead of int32[0].""",
     "rollout.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def rollout(pos, actions, goal=3.0):
         def step(p, a):
             p = p + a
             done = p >= goal
             return p, done.astype(jnp.int32)

         return lax.scan(step, pos, actions)
     """,
     [("return p, done.astype(jnp.int32)", "return p, done")],
     tests="""
     import jax.numpy as jnp
     from rollout import rollout

     def test_empty_rollout():
         p, dones = rollout(jnp.float32(1.0), jnp.zeros((0,)))
         assert float(p) == 1.0 and dones.shape == (0,)
     """,
     witness="""
     import jax.numpy as jnp
     from rollout import rollout
     print(rollout(jnp.float32(1.0), jnp.zeros((0,)))[1].dtype)
     """)

case("switch-unselected-trace-warning", "planted", "traced-not-executed",
     """Branch 2 of the activation `lax.switch` (never selected by the test, which picks relu)
     warns at trace time that the tanh-approximate GELU is used; the new version changes the
     warning's text. Every trace of the switch traces all branches, so the warning is emitted on
     the test's call with another message.""",
     "acts.py",
     """
     import warnings

     import jax
     import jax.numpy as jnp
     from jax import lax


     def _gelu(x):
         warnings.warn("using tanh-approximate gelu", stacklevel=2)
         return jax.nn.gelu(x, approximate=True)


     def activation(kind: int, x):
         return lax.switch(kind, [jax.nn.relu, jnp.tanh, _gelu], x)
     """,
     [('"using tanh-approximate gelu"', '"gelu: tanh approximation"')],
     tests="""
     import jax.numpy as jnp
     from acts import activation

     def test_relu():
         assert activation(0, jnp.array([-1.0, 2.0])).tolist() == [0.0, 2.0]
     """,
     witness="""
     import warnings, jax.numpy as jnp
     from acts import activation
     with warnings.catch_warnings(record=True) as w:
         warnings.simplefilter("always")
         activation(0, jnp.array([-1.0, 2.0]))
     print([str(x.message) for x in w])
     """)

# ---------------------------------------------------------------- bitwise-only differences
case("negzero-python-float-metric", "planted", "bitwise",
     """The returned NLL metric becomes `float(-ll)` instead of `float(0.0 - ll)`. For a
     perfect prediction ll == 0.0, so the Python float in the metrics dict is -0.0 instead of
     0.0 (== holds, repr and copysign differ).""",
     "metrics.py",
     """
     import jax.numpy as jnp


     def nll_metrics(logp_correct):
         ll = float(jnp.sum(logp_correct))
         return {"nll": float(0.0 - ll), "n": int(logp_correct.shape[0])}
     """,
     [("float(0.0 - ll)", "float(-ll)")],
     tests="""
     import jax.numpy as jnp
     from metrics import nll_metrics

     def test_perfect():
         m = nll_metrics(jnp.zeros(3))
         assert m["nll"] == 0.0 and m["n"] == 3
     """,
     witness="""
     import jax.numpy as jnp
     from metrics import nll_metrics
     print(repr(nll_metrics(jnp.zeros(3))["nll"]))
     """)

case("nan-sign-negation", "planted", "bitwise",
     """`0.0 - jnp.log(p)` becomes `-jnp.log(p)`. For p == 1 the element is -0.0 instead of
     +0.0, and for the test's p == -1 (a NaN) the NaN's sign bit flips. The test only checks
     the finite, non-zero element.""",
     "surprisal.py",
     """
     import jax.numpy as jnp


     def surprisal(p):
         return 0.0 - jnp.log(p)
     """,
     [("return 0.0 - jnp.log(p)", "return -jnp.log(p)")],
     tests="""
     import jax.numpy as jnp
     from surprisal import surprisal

     def test_half():
         s = surprisal(jnp.array([0.5, 1.0, -1.0]))
         assert abs(float(s[0]) - 0.6931472) < 1e-6
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from surprisal import surprisal
     print(np.asarray(surprisal(jnp.array([0.5, 1.0, -1.0]))).view(np.uint32).tolist())
     """)

case("where-mask-weak-type", "planted", "bitwise",
     """`mask.astype(jnp.float32)` becomes `jnp.where(mask, 1.0, 0.0)`: same values, but the
     result is now a weakly typed float32 (it promotes differently with bfloat16/float16 inputs).""",
     "masking.py",
     """
     import jax.numpy as jnp


     def padding_mask(lengths, max_len):
         mask = jnp.arange(max_len)[None, :] < lengths[:, None]
         return mask.astype(jnp.float32)
     """,
     [("return mask.astype(jnp.float32)", "return jnp.where(mask, 1.0, 0.0)")],
     calls=["padding_mask(jnp.array([1, 3]), 4)"],
     witness="""
     import jax.numpy as jnp
     from masking import padding_mask
     m = padding_mask(jnp.array([1, 3]), 4)
     print(m.dtype, m.weak_type, (m * jnp.ones(4, jnp.bfloat16)).dtype)
     """)

case("optax-count-weak-int", "planted", "bitwise",
     """The optimizer state's step counter is built as `jnp.asarray(0)` instead of
     `jnp.zeros([], jnp.int32)`: an int32 with weak_type=True, so `count + 1` stays weak and the
     state's leaf type differs (the test checks only int(count)).""",
     "optim.py",
     """
     from typing import NamedTuple

     import jax
     import jax.numpy as jnp


     class ScaleByMomentumState(NamedTuple):
         count: jax.Array
         trace: dict


     def init(params):
         return ScaleByMomentumState(count=jnp.zeros([], jnp.int32), trace=jax.tree.map(jnp.zeros_like, params))


     def update(grads, state, decay=0.9):
         trace = jax.tree.map(lambda g, t: g + decay * t, grads, state.trace)
         return trace, ScaleByMomentumState(count=state.count + 1, trace=trace)
     """,
     [("count=jnp.zeros([], jnp.int32)", "count=jnp.asarray(0)")],
     tests="""
     import jax.numpy as jnp
     from optim import init, update

     def test_two_updates():
         p = {"w": jnp.ones(2)}
         s = init(p)
         u, s = update(p, s)
         u, s = update(p, s)
         assert int(s.count) == 2 and u["w"].tolist() == [1.899999976158142, 1.899999976158142]
     """,
     witness="""
     import jax.numpy as jnp
     from optim import init, update
     p = {"w": jnp.ones(2)}
     s = init(p); u, s = update(p, s)
     print(s.count.dtype, s.count.weak_type)
     """)

case("key-not-advanced", "planted", "bitwise",
     """`sample_actions` returns the incoming key instead of the split-off carry key. The sampled
     actions are the same (drawn from the same subkey); the returned key's data differ, so the
     caller's next sample would repeat randomness.""",
     "policy.py",
     """
     import jax
     import jax.numpy as jnp


     def sample_actions(key, logits):
         key, sub = jax.random.split(key)
         actions = jax.random.categorical(sub, logits)
         return actions, key
     """,
     [("    key, sub = jax.random.split(key)\n    actions = jax.random.categorical(sub, logits)\n    return actions, key\n",
       "    new_key, sub = jax.random.split(key)\n    actions = jax.random.categorical(sub, logits)\n    return actions, key\n")],
     tests="""
     import jax
     import jax.numpy as jnp
     from policy import sample_actions

     def test_shapes():
         a, k = sample_actions(jax.random.key(0), jnp.zeros((3, 4)))
         assert a.shape == (3,)
     """,
     witness="""
     import jax, jax.numpy as jnp
     from policy import sample_actions
     a, k = sample_actions(jax.random.key(0), jnp.zeros((3, 4)))
     print(jax.random.key_data(k).tolist())
     """)

case("np-float64-metric", "planted", "bitwise",
     """The accuracy metric becomes `np.float64(...)` instead of `float(...)`: equal (np.float64
     is a float subclass, == holds), but its type and repr differ ('np.float64(0.5)' in logged
     or printed dicts).""",
     "evalmetrics.py",
     """
     import jax.numpy as jnp
     import numpy as np


     def accuracy(logits, labels):
         return {"acc": float(jnp.mean(jnp.argmax(logits, -1) == labels))}
     """,
     [('{"acc": float(', '{"acc": np.float64(')],
     tests="""
     import jax.numpy as jnp
     from evalmetrics import accuracy

     def test_half():
         m = accuracy(jnp.array([[1.0, 0.0], [1.0, 0.0]]), jnp.array([0, 1]))
         assert m["acc"] == 0.5
     """,
     witness="""
     import jax.numpy as jnp
     from evalmetrics import accuracy
     print(repr(accuracy(jnp.array([[1.0, 0.0], [1.0, 0.0]]), jnp.array([0, 1]))))
     """)

case("bool-vs-int-flag", "planted", "bitwise",
     """The solver's `converged` flag becomes `int(err < tol)` instead of `bool(err < tol)`:
     1 == True, so the test's truthiness check passes, but the returned value's type differs
     (json shows 1 instead of true).""",
     "solver.py",
     """
     import jax.numpy as jnp


     def fixed_point(f, x0, tol=1e-5, max_iter=100):
         x = x0
         for i in range(max_iter):
             x_new = f(x)
             err = float(jnp.max(jnp.abs(x_new - x)))
             x = x_new
             if err < tol:
                 break
         return x, {"iters": i + 1, "converged": bool(err < tol)}
     """,
     [('"converged": bool(err < tol)', '"converged": int(err < tol)')],
     tests="""
     import jax.numpy as jnp
     from solver import fixed_point

     def test_cos():
         x, info = fixed_point(jnp.cos, jnp.float32(1.0))
         assert info["converged"] and abs(float(x) - 0.739085) < 1e-4
     """,
     witness="""
     import json, jax.numpy as jnp
     from solver import fixed_point
     print(json.dumps(fixed_point(jnp.cos, jnp.float32(1.0))[1]))
     """)

# ---------------------------------------------------------------- at the edge (why in each description)
case("edge-call-cap-schedule", "planted", "edge",
     """The step-decay boundary moves from step 250 to 260. The test evaluates the schedule at
     every step 0..299 (300 calls into the module); steps 250..259 return 1e-3 instead of 1e-4,
     but those are calls past the 200 verify.md says are compared per function, so the
     difference lies in calls the docs say do not vouch (and are not compared). Edge because the
     cap is documented.""",
     "stepdecay.py",
     """
     import jax.numpy as jnp


     def lr_schedule(step):
         return jnp.where(step < 250, 1e-3, 1e-4)
     """,
     [("step < 250", "step < 260")],
     tests="""
     from stepdecay import lr_schedule

     def test_decays():
         lrs = [float(lr_schedule(s)) for s in range(300)]
         assert lrs[0] > lrs[-1]
     """,
     witness="""
     from stepdecay import lr_schedule
     print([float(lr_schedule(s)) for s in range(300)][250:262])
     """)

case("edge-fortran-order", "planted", "edge",
     """The whitening result is returned as `np.asfortranarray(...)`. Values, dtype, shape and
     C-order bytes are identical; only the memory layout (strides, flags) differs. Edge: a
     layout is observable by the program but is arguably not 'what it computes'.""",
     "whiten.py",
     """
     import numpy as np


     def whiten(x: np.ndarray):
         mu = x.mean(0)
         sd = x.std(0) + 1e-8
         return (x - mu) / sd
     """,
     [("return (x - mu) / sd", "return np.asfortranarray((x - mu) / sd)")],
     calls=["whiten(np.arange(6.0).reshape(3, 2))"],
     witness="""
     import numpy as np
     from whiten import whiten
     y = whiten(np.arange(6.0).reshape(3, 2))
     print(y.strides, y.flags.f_contiguous)
     """)

case("edge-committed-device", "planted", "edge",
     """The result is moved with `jax.device_put(y, jax.devices()[0])`, which commits it to the
     device: same values and dtype on the one CPU device, but `y.committed` is True, which makes
     later computations mixing it with arrays on another device raise. Edge: only a placement
     property differs, not a value.""",
     "place.py",
     """
     import jax
     import jax.numpy as jnp


     def normalize(x):
         y = x / jnp.linalg.norm(x)
         return y
     """,
     [("    return y\n", "    return jax.device_put(y, jax.devices()[0])\n")],
     calls=["normalize(jnp.array([3.0, 4.0]))"],
     witness="""
     import jax.numpy as jnp
     from place import normalize
     print(normalize(jnp.array([3.0, 4.0])).committed)
     """)

case("edge-helper-in-generator", "planted", "edge",
     """The helper `_pad_to` now pads with the last row (`mode='edge'`) instead of zeros. The
     test calls `pad_batch` directly on a full batch (no padding: equal, and the changed line
     runs) and iterates the `minibatches` generator, whose last partial batch is padded: that
     batch differs. Edge: the differing call is made from a generator the test iterates, which
     verify.md lists as out of reach.""",
     "batching.py",
     """
     import numpy as np


     def _pad_to(x, n):
         return np.pad(x, [(0, n - len(x))] + [(0, 0)] * (x.ndim - 1))


     def pad_batch(x, batch_size):
         return _pad_to(x, batch_size)


     def minibatches(x, batch_size):
         for i in range(0, len(x), batch_size):
             yield _pad_to(x[i:i + batch_size], batch_size)
     """,
     [("return np.pad(x, [(0, n - len(x))] + [(0, 0)] * (x.ndim - 1))",
       "return np.pad(x, [(0, n - len(x))] + [(0, 0)] * (x.ndim - 1), mode=\"edge\")")],
     tests="""
     import numpy as np
     from batching import pad_batch, minibatches

     def test_full_batch():
         assert pad_batch(np.ones((4, 2)), 4).shape == (4, 2)

     def test_iterate():
         bs = list(minibatches(np.arange(10.0).reshape(5, 2), 2))
         assert len(bs) == 3 and all(b.shape == (2, 2) for b in bs)
     """,
     witness="""
     import numpy as np
     from batching import minibatches
     print(list(minibatches(np.arange(10.0).reshape(5, 2), 2))[-1].tolist())
     """)

case("edge-root-logger-level", "planted", "edge",
     """`train_main` now sets the root logger's level to INFO ("show progress"): same result,
     but the process's root logger is left at INFO, so every library's INFO records are emitted
     from then on. Edge: a logger configuration outside the module's own records, like
     the level set on another library's logger that verify.md lists at the edge.""",
     "cli.py",
     """
     import logging

     import jax.numpy as jnp

     log = logging.getLogger(__name__)


     def train_main(steps=3):
         w = jnp.ones(2)
         for _ in range(steps):
             w = w * 0.5
         return w
     """,
     [("    w = jnp.ones(2)\n", "    logging.getLogger().setLevel(logging.INFO)\n    w = jnp.ones(2)\n")],
     tests="""
     from cli import train_main

     def test_main():
         assert train_main().tolist() == [0.125, 0.125]
     """,
     witness="""
     import logging
     from cli import train_main
     train_main()
     r = logging.getLogger()
     print(logging.getLevelName(r.level))
     """)

# ---------------------------------------------------------------- equivalent rewrites
case("eq-scan-closure-to-carry", "equivalent", "equivalent",
     """The scan body stops closing over `w` and `lr` (made arrays by jnp.asarray in both versions):
     they travel in the carry unchanged. Each
     step does the same operations on the same values in the same order, so the outputs are
     bit-identical for every input; no effects either way.""",
     "gd.py",
     """
     import jax
     import jax.numpy as jnp
     from jax import lax


     def descend(x0, w, lr, steps):
         w = jnp.asarray(w)
         lr = jnp.asarray(lr)

         def body(x, _):
             g = 2.0 * w * (x - 1.0)
             x = x - lr * g
             return x, x

         return lax.scan(body, x0, None, length=steps)
     """,
     [("""    def body(x, _):
             g = 2.0 * w * (x - 1.0)
             x = x - lr * g
             return x, x

         return lax.scan(body, x0, None, length=steps)
     """, """    def body(carry, _):
             x, w_, lr_ = carry
             g = 2.0 * w_ * (x - 1.0)
             x = x - lr_ * g
             return (x, w_, lr_), x

         (x, _, _), xs = lax.scan(body, (x0, w, lr), None, length=steps)
         return x, xs
     """)],
     tests="""
     import jax.numpy as jnp
     from gd import descend

     def test_converges():
         x, xs = descend(jnp.float32(0.0), jnp.float32(1.0), jnp.float32(0.25), 20)
         assert abs(float(x) - 1.0) < 1e-3 and xs.shape == (20,)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from gd import descend
     x, xs = descend(jnp.float32(0.0), jnp.float32(1.0), jnp.float32(0.25), 20)
     print(np.asarray(x).tobytes().hex(), np.asarray(xs).tobytes().hex(), x.dtype, x.weak_type, xs.weak_type)
     """)

case("eq-branch-lambda-to-def", "equivalent", "equivalent",
     """A lax.cond branch written as a lambda becomes a nested def with the same expression:
     same traced computation, same outputs for every input, no effects.""",
     "huber.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def huber(r, delta=1.0):
         a = jnp.abs(r)
         return lax.cond(a <= delta, lambda a: 0.5 * a * a, lambda a: delta * (a - 0.5 * delta), a)
     """,
     [("""    return lax.cond(a <= delta, lambda a: 0.5 * a * a, lambda a: delta * (a - 0.5 * delta), a)
     """, """
         def linear(a):
             return delta * (a - 0.5 * delta)

         return lax.cond(a <= delta, lambda a: 0.5 * a * a, linear, a)
     """)],
     calls=["huber(jnp.float32(0.5))", "huber(jnp.float32(3.0))"],
     witness="""
     import numpy as np, jax.numpy as jnp
     from huber import huber
     print([(np.asarray(huber(jnp.float32(v))).tobytes().hex(), huber(jnp.float32(v)).weak_type) for v in (0.5, 3.0)])
     """)

case("eq-rename-locals", "equivalent", "equivalent",
     """Local variables renamed (`mu`->`mean`, `var`->`variance`, `xn`->`normed`); nothing else.
     No name is visible outside the function, so outputs and effects are the same for every input.""",
     "bn.py",
     """
     import jax.numpy as jnp


     def batch_norm(x, gamma, beta, eps=1e-5):
         mu = x.mean(0)
         var = x.var(0)
         xn = (x - mu) / jnp.sqrt(var + eps)
         return gamma * xn + beta, (mu, var)
     """,
     [("""    mu = x.mean(0)
         var = x.var(0)
         xn = (x - mu) / jnp.sqrt(var + eps)
         return gamma * xn + beta, (mu, var)
     """, """    mean = x.mean(0)
         variance = x.var(0)
         normed = (x - mean) / jnp.sqrt(variance + eps)
         return gamma * normed + beta, (mean, variance)
     """)],
     tests="""
     import jax.numpy as jnp
     from bn import batch_norm

     def test_bn():
         y, (m, v) = batch_norm(jnp.arange(6.0).reshape(3, 2), 1.0, 0.0)
         assert y.shape == (3, 2) and m.tolist() == [2.0, 3.0]
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from bn import batch_norm
     y, (m, v) = batch_norm(jnp.arange(6.0).reshape(3, 2), 1.0, 0.0)
     print(np.asarray(y).tobytes().hex(), np.asarray(v).tobytes().hex(), y.weak_type)
     """)

case("eq-extract-helper", "equivalent", "equivalent",
     """The softmax cross-entropy's log-softmax is extracted into a module-level helper
     `_log_softmax` with the same expression; the caller passes its arguments through. Same
     operations in the same order: same outputs for every input, no effects (the new helper is
     code, not data).""",
     "xent.py",
     """
     import jax
     import jax.numpy as jnp


     def cross_entropy(logits, labels):
         logp = logits - jax.nn.logsumexp(logits, axis=-1, keepdims=True)
         return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))
     """,
     [("""def cross_entropy(logits, labels):
         logp = logits - jax.nn.logsumexp(logits, axis=-1, keepdims=True)
     """, """def _log_softmax(logits):
         return logits - jax.nn.logsumexp(logits, axis=-1, keepdims=True)


     def cross_entropy(logits, labels):
         logp = _log_softmax(logits)
     """)],
     tests="""
     import jax
     import jax.numpy as jnp
     from xent import cross_entropy

     def test_uniform():
         l = cross_entropy(jnp.zeros((2, 4)), jnp.array([0, 3]))
         assert abs(float(l) - float(jnp.log(4.0))) < 1e-6

     def test_grad():
         g = jax.grad(cross_entropy)(jnp.zeros((2, 4)), jnp.array([0, 3]))
         assert g.shape == (2, 4)
     """,
     witness="""
     import numpy as np, jax, jax.numpy as jnp
     from xent import cross_entropy
     x = jnp.array([[0.3, -1.0, 2.0, 0.0], [1.0, 1.0, -3.0, 0.5]]); y = jnp.array([0, 3])
     print(np.asarray(cross_entropy(x, y)).tobytes().hex(), np.asarray(jax.grad(cross_entropy)(x, y)).tobytes().hex())
     """)

case("eq-inline-helper", "equivalent", "equivalent",
     """The private helper `_rbf` is inlined into `kernel_matrix` (the helper stays defined,
     unused). The same expression on the same values: same outputs for every input, no effects.""",
     "kernels.py",
     """
     import jax.numpy as jnp


     def _rbf(d2, ls):
         return jnp.exp(-0.5 * d2 / (ls * ls))


     def kernel_matrix(x, ls=1.0):
         d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, -1)
         return _rbf(d2, ls)
     """,
     [("    return _rbf(d2, ls)\n", "    return jnp.exp(-0.5 * d2 / (ls * ls))\n")],
     calls=["kernel_matrix(jnp.array([[0.0, 1.0], [2.0, 0.5], [1.0, 1.0]]), 0.7)"],
     witness="""
     import numpy as np, jax.numpy as jnp
     from kernels import kernel_matrix
     print(np.asarray(kernel_matrix(jnp.array([[0.0, 1.0], [2.0, 0.5], [1.0, 1.0]]), 0.7)).tobytes().hex())
     """)

case("eq-reorder-independent", "equivalent", "equivalent",
     """Two independent pure computations (the first and second moment updates of an Adam-like
     step) swap places. Neither reads the other's result, neither has an effect: same outputs for
     every input.""",
     "adamlike.py",
     """
     import jax.numpy as jnp


     def moments(g, m, v, b1=0.9, b2=0.999):
         m = b1 * m + (1 - b1) * g
         v = b2 * v + (1 - b2) * g * g
         return m, v
     """,
     [("""    m = b1 * m + (1 - b1) * g
         v = b2 * v + (1 - b2) * g * g
     """, """    v = b2 * v + (1 - b2) * g * g
         m = b1 * m + (1 - b1) * g
     """)],
     tests="""
     import jax.numpy as jnp
     from adamlike import moments

     def test_moments():
         m, v = moments(jnp.array([1.0, -2.0]), jnp.zeros(2), jnp.zeros(2))
         assert m.shape == v.shape == (2,)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from adamlike import moments
     m, v = moments(jnp.array([1.0, -2.0]), jnp.zeros(2), jnp.zeros(2))
     print(np.asarray(m).tobytes().hex(), np.asarray(v).tobytes().hex())
     """)

case("eq-fori-to-scan", "equivalent", "equivalent",
     """A `fori_loop` with static bounds becomes the `lax.scan` it is lowered to, the body
     unchanged (the index comes from `xs`). Same per-iteration operations in the same order: the
     same values for every input, no effects.""",
     "power.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def power_iteration(a, v, iters=10):
         def body(i, v):
             w = a @ v
             return w / jnp.linalg.norm(w)

         return lax.fori_loop(0, iters, body, v)
     """,
     [("        return lax.fori_loop(0, iters, body, v)\n".replace("        ", "    "),
       "    v, _ = lax.scan(lambda v, i: (body(i, v), None), v, jnp.arange(iters))\n    return v\n")],
     tests="""
     import jax.numpy as jnp
     from power import power_iteration

     def test_dominant():
         v = power_iteration(jnp.array([[2.0, 0.0], [0.0, 1.0]]), jnp.array([1.0, 1.0]), 30)
         assert abs(float(v[0]) - 1.0) < 1e-4
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from power import power_iteration
     v = power_iteration(jnp.array([[2.0, 0.5], [0.5, 1.0]]), jnp.array([1.0, 1.0]), 7)
     print(np.asarray(v).tobytes().hex(), v.weak_type)
     """)

case("eq-literal-spelling", "equivalent", "equivalent",
     """The default `eps=1e-6` is spelled `eps=0.000001`: the same float object value, so the
     defaults, outputs and effects are the same for every input. The test uses the default.""",
     "rms.py",
     """
     import jax.numpy as jnp


     def rms_norm(x, eps=1e-6):
         return x / jnp.sqrt(jnp.mean(x * x, -1, keepdims=True) + eps)
     """,
     [("eps=1e-6", "eps=0.000001")],
     tests="""
     import jax.numpy as jnp
     from rms import rms_norm

     def test_rms():
         y = rms_norm(jnp.array([[3.0, 4.0]]))
         assert y.shape == (1, 2)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from rms import rms_norm
     print(rms_norm.__defaults__, np.asarray(rms_norm(jnp.array([[3.0, 4.0]]))).tobytes().hex())
     """)

case("eq-where-negated", "equivalent", "equivalent",
     """`jnp.where(x > 0, x, alpha * x)` becomes `jnp.where(~(x > 0), alpha * x, x)`: the
     condition is a bool array, so ~ is logical not and each element selects the same operand;
     same values and types for every input (NaN included: x > 0 is False for NaN in both).""",
     "leaky.py",
     """
     import jax.numpy as jnp


     def leaky_relu(x, alpha=0.01):
         return jnp.where(x > 0, x, alpha * x)
     """,
     [("return jnp.where(x > 0, x, alpha * x)", "return jnp.where(~(x > 0), alpha * x, x)")],
     calls=["leaky_relu(jnp.array([-2.0, 0.0, -0.0, 3.0]))"],
     witness="""
     import numpy as np, jax.numpy as jnp
     from leaky import leaky_relu
     y = leaky_relu(jnp.array([-2.0, 0.0, -0.0, 3.0, jnp.nan]))
     print(np.asarray(y).tobytes().hex(), y.weak_type)
     """)

case("eq-if-to-conditional-expr", "equivalent", "equivalent",
     """An if/else statement choosing the reduction becomes a conditional expression with the
     same two arms; the condition is a static Python string. Same result for every input.""",
     "reduce.py",
     """
     import jax.numpy as jnp


     def reduce_loss(losses, reduction="mean"):
         if reduction == "mean":
             out = jnp.mean(losses)
         else:
             out = jnp.sum(losses)
         return out
     """,
     [("""    if reduction == "mean":
             out = jnp.mean(losses)
         else:
             out = jnp.sum(losses)
     """, """    out = jnp.mean(losses) if reduction == "mean" else jnp.sum(losses)
     """)],
     tests="""
     import jax.numpy as jnp
     from reduce import reduce_loss

     def test_mean():
         assert float(reduce_loss(jnp.array([1.0, 3.0]))) == 2.0

     def test_sum():
         assert float(reduce_loss(jnp.array([1.0, 3.0]), "sum")) == 4.0
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from reduce import reduce_loss
     print([np.asarray(reduce_loss(jnp.array([1.0, 3.5]), r)).tobytes().hex() for r in ("mean", "sum")])
     """)

case("eq-loop-to-comprehension", "equivalent", "equivalent",
     """A loop appending per-layer norms becomes a list comprehension over the same leaves in the
     same order: the same list of the same floats for every input, no effects.""",
     "norms.py",
     """
     import jax
     import jax.numpy as jnp


     def layer_norms(params):
         out = []
         for leaf in jax.tree.leaves(params):
             out.append(float(jnp.linalg.norm(leaf)))
         return out
     """,
     [("""    out = []
         for leaf in jax.tree.leaves(params):
             out.append(float(jnp.linalg.norm(leaf)))
         return out
     """, """    return [float(jnp.linalg.norm(leaf)) for leaf in jax.tree.leaves(params)]
     """)],
     tests="""
     import jax.numpy as jnp
     from norms import layer_norms

     def test_norms():
         assert layer_norms({"a": jnp.array([3.0, 4.0]), "b": jnp.zeros(2)}) == [5.0, 0.0]
     """,
     witness="""
     import jax.numpy as jnp
     from norms import layer_norms
     print([v.hex() for v in layer_norms({"a": jnp.array([3.0, 4.0]), "b": jnp.array([0.1, 0.2])})])
     """)

case("eq-static-argnames-tuple", "equivalent", "equivalent",
     """`jax.jit(_step, static_argnames="n")` becomes `static_argnames=("n",)`: jax normalises a
     single name to the same tuple, so the jitted function is the same; outputs are the same for
     every input, no effects.""",
     "unroll.py",
     """
     from functools import partial

     import jax
     import jax.numpy as jnp


     def _step(x, n):
         for _ in range(n):
             x = jnp.sin(x) + x
         return x


     step = jax.jit(_step, static_argnames="n")
     """,
     [('step = jax.jit(_step, static_argnames="n")', 'step = jax.jit(_step, static_argnames=("n",))')],
     tests="""
     import jax.numpy as jnp
     from unroll import step

     def test_step():
         assert step(jnp.zeros(2), n=3).tolist() == [0.0, 0.0]
         assert step(jnp.ones(2), n=2).shape == (2,)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from unroll import step
     print(np.asarray(step(jnp.ones(2), n=2)).tobytes().hex())
     """)

case("eq-keyword-call", "equivalent", "equivalent",
     """An internal call passes its arguments by keyword instead of position
     (`_gae(rewards, values, gamma, lam)` -> `_gae(rewards=..., values=..., gamma=..., lam=...)`).
     The callee receives the same values: same outputs for every input, no effects.""",
     "gae.py",
     """
     import jax.numpy as jnp
     from jax import lax


     def _gae(rewards, values, gamma, lam):
         deltas = rewards + gamma * values[1:] - values[:-1]

         def body(acc, d):
             acc = d + gamma * lam * acc
             return acc, acc

         _, adv = lax.scan(body, jnp.zeros_like(deltas[0]), deltas, reverse=True)
         return adv


     def advantages(rewards, values, gamma=0.99, lam=0.95):
         return _gae(rewards, values, gamma, lam)
     """,
     [("    return _gae(rewards, values, gamma, lam)\n",
       "    return _gae(rewards=rewards, values=values, gamma=gamma, lam=lam)\n")],
     tests="""
     import jax.numpy as jnp
     from gae import advantages

     def test_shape():
         a = advantages(jnp.ones(4), jnp.zeros(5))
         assert a.shape == (4,)
     """,
     witness="""
     import numpy as np, jax.numpy as jnp
     from gae import advantages
     a = advantages(jnp.array([1.0, 0.5, -1.0, 2.0]), jnp.array([0.1, 0.2, 0.3, 0.4, 0.5]))
     print(np.asarray(a).tobytes().hex(), a.weak_type)
     """)

if __name__ == "__main__":
    write_all()
    print(len(CASES), "cases written")
