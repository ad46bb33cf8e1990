"""Run scanlint over real code no one here wrote; report files, findings, crashes and time.

    python benchmarks/corpus.py [TREE...]         # default: the stdlib and installed jax/flax/optax
    python benchmarks/corpus.py --json out.json
    python benchmarks/corpus.py --libraries rlax,mctx,haiku --site /path/to/site-packages
    python benchmarks/corpus.py --libraries all --site /path/to/site-packages --no-default

`--libraries` adds installed packages by import name, looked up in `--site` (a site-packages
folder of another environment; default: this interpreter's); `all` means JAX_LIBRARIES.
Findings are also counted per tree, so precision can be judged library by library.

For every file: check with each param style; for files with findings, apply every fix
(unsafe ones too) and check the result parses, that a second --fix changes nothing and that it
has no SCN201-203 finding (code JAX rejects) the original did not have.
Crashes (exceptions escaping the engine) and SCN990 internal errors must both be zero.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import sys
import sysconfig
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import check_file, check_text, fix_text, parses  # noqa: E402
from scanlint.source.discovery import discover  # noqa: E402

STYLES = {"default": Settings(), "closure": Settings(param_style="closure"),
          "carry": Settings(param_style="carry")}
# JAX libraries beyond the dev extra's jax, flax and optax (import names).
JAX_LIBRARIES = ("rlax", "mctx", "haiku", "chex", "jumanji", "kfac_jax", "ott", "flashbax",
                 "equinox", "diffrax", "numpyro", "blackjax", "jaxopt", "distrax", "evosax",
                 "gymnax", "lineax", "optimistix")


def default_trees() -> list[str]:
    trees = [sysconfig.get_paths()["stdlib"]]
    for package in ("jax", "flax", "optax"):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            trees.append(list(spec.submodule_search_locations)[0])
    return trees


def library_trees(names: str, site: str | None) -> list[str]:
    """The package folders of ``names`` (comma-separated, or `all`) in ``site``."""
    wanted = JAX_LIBRARIES if names == "all" else tuple(n for n in names.split(",") if n)
    trees = []
    for name in wanted:
        if site is not None:
            folder = os.path.join(site, name)
            if not os.path.isdir(folder):
                raise SystemExit(f"no package {name!r} in {site}")
            trees.append(folder)
            continue
        spec = importlib.util.find_spec(name)
        if not (spec and spec.submodule_search_locations):
            raise SystemExit(f"package {name!r} is not installed")
        trees.append(list(spec.submodule_search_locations)[0])
    return trees


def tree_of(path: str, trees: list[str]) -> str:
    """The tree a file was found under (the longest matching one)."""
    matching = [t for t in trees if os.path.abspath(path).startswith(os.path.abspath(t) + os.sep)]
    return max(matching, key=len) if matching else "?"


STRUCTURE = Settings(select=("SCN201", "SCN202", "SCN203"))


def structure_codes(text: str, path: str) -> Counter:
    """Findings of the rules for code JAX rejects: a fix must add none."""
    return Counter(d.code for d in check_text(text, path, STRUCTURE))


def one_file(path: str) -> dict:
    out: dict = {"path": path, "findings": {}, "crash": None, "fix_failures": []}
    try:
        for name, settings in STYLES.items():
            result = check_file(path, settings)
            out["findings"][name] = [(d.code, d.start.line, d.message) for d in result.diagnostics]
            fixable = [d for d in result.diagnostics if d.fix is not None]
            if fixable and result.source is not None:
                once = fix_text(result.source.text, path, settings, unsafe=True)
                twice = fix_text(once.text, path, settings, unsafe=True)
                if once.errors or not parses(once.text) or twice.text != once.text:
                    out["fix_failures"].append(name)
                elif structure_codes(once.text, path) - structure_codes(result.source.text, path):
                    out["fix_failures"].append(f"{name} (a fix added SCN201-203 findings)")
                out.setdefault("fixed", {})[name] = once.applied
                # The fixed text itself, so that two versions' JSON differ when a fix does.
                out.setdefault("fixed_sha256", {})[name] = hashlib.sha256(
                    once.text.encode("utf-8", "surrogatepass")).hexdigest()
    except Exception as error:  # exactly what the run must never see
        out["crash"] = f"{type(error).__name__}: {error}"
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--json", help="write per-file results here")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--libraries", default="",
                        help="more packages by import name (comma-separated), or 'all'")
    parser.add_argument("--site", help="the site-packages folder to find --libraries in")
    parser.add_argument("--no-default", action="store_true",
                        help="without TREEs, check only --libraries (not stdlib/jax/flax/optax)")
    args = parser.parse_args(argv)
    extra = library_trees(args.libraries, args.site) if args.libraries else []
    trees = args.trees or ([] if args.no_default else default_trees())
    trees = trees + extra
    files = discover(trees, respect_gitignore=False).files
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one_file, files, chunksize=16))
    seconds = time.perf_counter() - start
    codes = {name: Counter(code for r in results for code, *_ in r["findings"].get(name, []))
             for name in STYLES}
    crashes = [r for r in results if r["crash"]]
    internal = sum(c["SCN990"] for c in codes.values())
    fix_failures = [r["path"] for r in results if r["fix_failures"]]
    fixed = sum(sum(r.get("fixed", {}).values()) for r in results)
    print(f"trees: {', '.join(trees)}")
    print(f"files: {len(files)}  time: {seconds:.1f} s on {args.jobs} processes "
          f"(3 styles, plus fixing files with findings)")
    for name, counter in codes.items():
        print(f"findings ({name}): " + (", ".join(f"{c} {n}" for c, n in sorted(counter.items()))
                                       or "none"))
    for name in STYLES:
        per_tree = Counter((tree_of(r["path"], trees), code) for r in results
                           for code, *_ in r["findings"].get(name, []) if code != "SCN900")
        for tree in trees:
            counts = {code: n for (t, code), n in per_tree.items() if t == tree}
            if counts:
                print(f"  {name} {os.path.basename(tree)}: " +
                      ", ".join(f"{c} {n}" for c, n in sorted(counts.items())))
    print(f"fixes applied and re-checked: {fixed}")
    print(f"crashes: {len(crashes)}  internal errors (SCN990): {internal}  "
          f"fixes that failed to parse or were not idempotent: {len(fix_failures)}")
    for r in crashes[:10]:
        print(f"  crash {r['path']}: {r['crash']}")
    for path in fix_failures[:10]:
        print(f"  fix failure {path}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    return 1 if crashes or internal or fix_failures else 0


if __name__ == "__main__":
    sys.exit(main())
