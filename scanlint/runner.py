"""Checking many files: the cache first, then a process pool; results in input order."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from scanlint.cache import ResultCache
from scanlint.engine import INTERNAL_ERROR, FileResult, check_file, system_diagnostic
from scanlint.settings import Settings

# Below this many files to parse, starting worker processes costs more than it saves.
MIN_FILES_FOR_POOL = 16


def _check_one(job: tuple[str, Settings, bool, bool]) -> FileResult:
    path, settings, fix, unsafe = job
    try:
        return check_file(path, settings, fix=fix, unsafe=unsafe)
    except Exception as error:  # one file's failure must not stop the others
        return FileResult(path, [system_diagnostic(
            INTERNAL_ERROR, path, f"internal error: {type(error).__name__}: {error}")])


def run_files(paths: list[str], settings: Settings, fix: bool = False, unsafe: bool = False,
              jobs: int | None = None, cache_dir: str | None = None) -> list[FileResult]:
    cache = ResultCache(cache_dir, settings) if cache_dir else None
    results: dict[int, FileResult] = {}
    keys: dict[int, str] = {}
    todo: list[int] = []
    for i, path in enumerate(paths):
        hit = _cached(cache, path, fix, unsafe, keys, i)
        if hit is not None:
            results[i] = hit
        else:
            todo.append(i)
    work = [(paths[i], settings, fix, unsafe) for i in todo]
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if workers > 1 and len(work) >= MIN_FILES_FOR_POOL:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            fresh = list(pool.map(_check_one, work, chunksize=max(1, len(work) // (workers * 8))))
    else:
        fresh = [_check_one(job) for job in work]
    for i, result in zip(todo, fresh):
        results[i] = result
        if cache is not None and i in keys and result.fixed_text is None and not any(
                d.code in ("SCN900", "SCN990") for d in result.diagnostics):
            cache.put(keys[i], result.diagnostics)
    return [results[i] for i in range(len(paths))]


def _cached(cache: ResultCache | None, path: str, fix: bool, unsafe: bool,
            keys: dict[int, str], index: int) -> FileResult | None:
    if cache is None:
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    keys[index] = cache.key(path, data)
    diagnostics = cache.get(keys[index])
    if diagnostics is None:
        return None
    if fix and any(d.fix is not None and (unsafe or d.fix.applicability == "safe")
                   for d in diagnostics):
        return None  # something to fix: the file must be parsed after all
    return FileResult(path, diagnostics)
