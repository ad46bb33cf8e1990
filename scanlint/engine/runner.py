"""Checking many files: the cache first, then a process pool; results in input order."""

from __future__ import annotations

import gc
import os
import sys

from scanlint.core.settings import Settings
from scanlint.engine.cache import NO_SITE, ResultCache, now_ns
from scanlint.engine.check import (INTERNAL_ERROR, READ_ERROR, FileResult, check_file,
                                   syntax_errors, system_diagnostic)
from scanlint.prefilter.text import may_contain_site
from scanlint.source.reading import read_source
from scanlint.source.source_file import SourceError, SourceFile

# Below this many files to parse, starting worker processes costs more than it saves.
MIN_FILES_FOR_POOL = 16


# A file smaller than this leaves little to hand back: its memory is left to the collector.
RELEASE_AFTER_BYTES = 64 * 1024


def _check_one(job: tuple[str, Settings, bool, bool]) -> FileResult:
    path, settings, fix, unsafe = job
    result = None
    try:
        result = check_file(path, settings, fix=fix, unsafe=unsafe)
        return result
    except Exception as error:  # one file's failure must not stop the others
        return FileResult(path, [system_diagnostic(
            INTERNAL_ERROR, path, f"internal error: {type(error).__name__}: {error}")])
    finally:
        if result is None or result.source is None or \
                len(result.source.text) >= RELEASE_AFTER_BYTES:
            _release_memory()


def _release_memory() -> None:
    """A parsed file's CST is large (a 330 KiB module takes about 100 MiB). The model breaks
    its own reference cycles when a file is done, so the CST is freed at once; handing the
    freed heap back to the OS keeps each worker near its baseline between files (peak per
    worker: the largest file, not the sum of them). A young-generation collection picks up
    any small cycles left; a full one would cost seconds over a large tree."""
    gc.collect(0)
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _load_libc():
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _load_libc() if sys.platform.startswith("linux") else None


def run_files(paths: list[str], settings: Settings, fix: bool = False, unsafe: bool = False,
              jobs: int | None = None, cache_dir: str | None = None,
              named: frozenset[str] = frozenset()) -> list[FileResult]:
    """Check ``paths``; results come back in the order of ``paths`` whatever ``jobs`` is.
    A file in ``named`` (named on the command line) is always parsed, as docs/usage.md
    says: a syntax error in it is reported even when it holds no JAX loop.

    Files are read and prefiltered here: one that cannot hold a scan site (most files) is
    done without the cache, the pool or LibCST. The rest come from the cache or are parsed,
    in worker processes when there are enough of them.
    """
    cache = ResultCache(cache_dir, settings) if cache_dir else None
    results: dict[int, FileResult] = {}
    keys: dict[int, str | None] = {}
    todo: list[int] = []
    for i, path in enumerate(paths):
        if cache is not None:
            done, keys[i] = _from_cache(cache, path, fix, unsafe, path in named)
        else:
            done, _source = _without_parsing(path, path in named)
        if done is not None:
            results[i] = done
        else:
            todo.append(i)
    work = [(paths[i], settings, fix, unsafe) for i in todo]
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if workers > 1 and len(work) >= MIN_FILES_FOR_POOL:
        fresh = _in_pool(work, workers)
    else:
        fresh = [_check_one(job) for job in work]
    for i, result in zip(todo, fresh):
        results[i] = result
        if cache is not None and keys.get(i) and result.fixed_text is None and not any(
                d.code in ("SCN900", "SCN990") for d in result.diagnostics):
            cache.put(keys[i], result.diagnostics)
    if cache is not None:
        cache.files.save()
    return [results[i] for i in range(len(paths))]


def _in_pool(work: list, workers: int) -> list[FileResult]:
    """The jobs in worker processes that end with this one (`orphans.py`); interrupted
    (Ctrl-C), the workers are ended at once rather than left to finish the queue."""
    from concurrent.futures import ProcessPoolExecutor

    from scanlint.engine.orphans import die_with_parent

    pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                               initargs=(os.getpid(),))
    try:
        results = list(pool.map(_check_one, work, chunksize=max(1, len(work) // (workers * 8))))
    except BaseException:
        # The executor has no public way to end its workers before Python 3.14.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return results


def _from_cache(cache: ResultCache, path: str, fix: bool, unsafe: bool,
                named: bool = False) -> tuple[FileResult | None, str | None]:
    """(the result for ``path`` when the cache or the prefilter gives it, else None; the cache
    key of its content, None when unknown). An unchanged file is not even read: its stat
    matches the file index (`cache.FileIndex`)."""
    read_at = now_ns()  # before the stat and the read: see FileIndex
    try:
        stat = os.stat(path)
    except OSError:
        stat = None
    key = cache.files.key(path, stat) if stat is not None else None
    if key == NO_SITE and not named:
        return FileResult(path, [], parsed=False), key
    if key is not None:
        done = _cached(cache, key, path, fix, unsafe)
        if done is not None:
            return done, key
    done, source = _without_parsing(path, named)
    if source is None:  # unreadable, or no possible site
        if stat is not None and done is not None and done.source is not None:
            cache.files.record(path, stat, read_at, NO_SITE)
        return done, None
    key = cache.key(path, source.text.encode("utf-8", "surrogatepass"))
    if stat is not None:
        cache.files.record(path, stat, read_at, key)
    return _cached(cache, key, path, fix, unsafe), key


def _without_parsing(path: str, named: bool = False
                     ) -> tuple[FileResult | None, SourceFile | None]:
    """The result for a file that needs no parsing (unreadable, or no possible site), or
    the file's source for the cache and the parser. A ``named`` file with no possible site
    is parsed by Python alone, for its syntax errors."""
    try:
        source = read_source(path)
    except SourceError as error:
        unreadable = system_diagnostic(READ_ERROR, path, f"cannot read: {error}")
        return FileResult(path, [unreadable]), None
    if not may_contain_site(source.text):
        if named:
            return FileResult(path, syntax_errors(source), source), None
        return FileResult(path, [], source, parsed=False), None
    return None, source


def _cached(cache: ResultCache, key: str, path: str, fix: bool, unsafe: bool) -> FileResult | None:
    diagnostics = cache.get(key)
    if diagnostics is None:
        return None
    if fix and any(d.fix is not None and (unsafe or d.fix.applicability == "safe")
                   for d in diagnostics):
        return None  # something to fix: the file must be parsed after all
    return FileResult(path, diagnostics)
