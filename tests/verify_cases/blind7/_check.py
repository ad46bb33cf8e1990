"""Checks every case of this set without scanlint: both versions' tests pass (or calls run),
the witness is stable on the old version, differs on the new one for a planted change and
matches for an equivalent rewrite. Usage: python _check.py [CASE ...]  (writes nothing)."""
import concurrent.futures as cf
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
PY = "/work/main/.venv/bin/python"
ENV = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
ENV.pop("PYTHONPATH", None)

CALL_RUNNER = r'''
import importlib, sys
mod = importlib.import_module(sys.argv[1])
ns = dict(vars(mod))
import jax, jax.numpy as jnp, numpy as np
from jax import lax
for k, v in (("jax", jax), ("jnp", jnp), ("np", np), ("lax", lax)):
    ns.setdefault(k, v)
for expr in sys.argv[2:]:
    r = eval(expr, ns)
    try:
        jax.block_until_ready(r)
    except Exception:
        pass
    print("ok:", expr)
'''


def run(cmd, cwd, timeout=300):
    p = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def check(name):
    root = os.path.join(HERE, name)
    with open(os.path.join(root, "case.toml"), "rb") as f:
        cfg = tomllib.load(f)
    problems = []
    tmp = tempfile.mkdtemp(prefix="b7_")
    try:
        old = os.path.join(tmp, "old")
        new = os.path.join(tmp, "new")
        shutil.copytree(os.path.join(root, "project"), old)
        shutil.copytree(os.path.join(root, "project"), new)
        shutil.copytree(os.path.join(root, "new"), new, dirs_exist_ok=True)
        with open(os.path.join(old, cfg["module"])) as a, open(os.path.join(new, cfg["module"])) as b:
            if a.read() == b.read():
                problems.append("new module identical to old")
        for label, d in (("old", old), ("new", new)):
            if cfg["mode"] == "pytest":
                rc, out, err = run([PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", *cfg["pytest"].split()], d)
                if rc != 0:
                    problems.append(f"pytest fails on {label}: rc={rc}\n{out[-1500:]}{err[-800:]}")
            else:
                modname = cfg["module"][:-3].replace("/", ".").removesuffix(".__init__")
                rc, out, err = run([PY, "-c", CALL_RUNNER, modname, *cfg["calls"]], d)
                if rc != 0:
                    problems.append(f"calls raise on {label}: rc={rc}\n{err[-1500:]}")
        w = cfg["witness"]
        outs = []
        for d in (old, old, new):
            rc, out, err = run([PY, "-c", w], d)
            if rc != 0:
                problems.append(f"witness fails in {os.path.basename(d)}: rc={rc}\n{err[-1500:]}")
            outs.append(out)
        if outs[0] != outs[1]:
            problems.append(f"witness unstable on old: {outs[0]!r} vs {outs[1]!r}")
        if cfg["expect"] == "planted" and outs[0] == outs[2]:
            problems.append(f"planted but witness same: {outs[0]!r}")
        if cfg["expect"] == "equivalent" and outs[0] != outs[2]:
            problems.append(f"equivalent but witness differs: {outs[0]!r} vs {outs[2]!r}")
        summary = f"old={outs[0].strip()[:150]!r} new={outs[2].strip()[:150]!r}"
        return name, cfg, problems, summary
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    names = sys.argv[1:] or sorted(n for n in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, n, "case.toml")))
    results = []
    with cf.ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "6"))) as ex:
        for r in ex.map(check, names):
            results.append(r)
    bad = 0
    counts = {}
    for name, cfg, problems, summary in results:
        status = "OK  " if not problems else "FAIL"
        bad += bool(problems)
        print(f"{status} {cfg['expect']:10s} {cfg['mode']:6s} {name}: {summary}")
        for p in problems:
            print("      " + p.replace("\n", "\n      "))
        if not problems:
            key = (cfg["expect"], cfg["mode"])
            counts[key] = counts.get(key, 0) + 1
    print()
    print(f"{len(results)} cases checked, {len(results) - bad} pass, {bad} fail")
    for (e, m), n in sorted(counts.items()):
        print(f"  {e} / {m}: {n}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
