"""Files: discovery, decoding exactly as Python does, the prefilter, and atomic writes.

A Jupyter notebook (`.ipynb`) is read by `scanlint.source.notebook`: its source text is the Python of
its code cells, and the SourceFile carries the notebook to map positions and fixes back.
"""

from __future__ import annotations

import functools
import io
import os
import re
import tokenize
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from scanlint.prefilter.words import first_starting_word, starting_words

if TYPE_CHECKING:
    from scanlint.source.notebook import NotebookFile

DEFAULT_EXCLUDE = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pytest_cache", ".pytype", ".ruff_cache",
    ".scanlint_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build",
    "buck-out", "build", "dist", "node_modules", "site-packages", "venv",
)
PYTHON_SUFFIXES = (".py", ".pyi")
NOTEBOOK_SUFFIX = ".ipynb"
CHECKED_SUFFIXES = (*PYTHON_SUFFIXES, NOTEBOOK_SUFFIX)  # what folders are walked for
# Larger files are reported (SCN900) rather than parsed: LibCST needs several times the
# file's size in memory, and no hand-written module comes near this.
MAX_FILE_BYTES = 20 * 1024 * 1024
# A notebook's outputs (images, tables) can be far larger than its code, which the notebook
# reader holds to MAX_FILE_BYTES.
MAX_NOTEBOOK_BYTES = 256 * 1024 * 1024
# Every resolvable scan-family call needs an import naming `jax` and `lax` (all qualified
# names the model accepts start with `jax.` and contain `lax`), and names one of these
# functions (in the import or the attribute).
_FAMILY_TOKEN = re.compile(r"scan|fori_loop|while_loop")
_MAP_WORD = re.compile(r"map\b")  # `\bmap\b`, searched through `words` (see there)


class SourceError(Exception):
    """A file that cannot be read or decoded as Python source."""


@dataclass(frozen=True)
class SourceFile:
    path: str
    text: str
    encoding: str  # as tokenize.detect_encoding names it ("utf-8-sig" keeps a BOM)
    notebook: "NotebookFile | None" = None  # for a notebook: text is its code cells' Python


def is_notebook(path: str) -> bool:
    return path.lower().endswith(NOTEBOOK_SUFFIX)


def may_contain_site(text: str) -> bool:
    """A sound prefilter: False only for files that cannot contain a resolved scan site or
    a loop under `jit` (SCN3xx)."""
    return (("jax" in text and "lax" in text
             and (_FAMILY_TOKEN.search(text) is not None
                  or first_starting_word(_MAP_WORD, text) is not None))
            or may_contain_unrolled_loop(text))


def may_contain_unrolled_loop(text: str) -> bool:
    """A loop `jit` unrolls needs a `for` over the builtin `range` and an import naming a
    jit (`jax.jit`, `equinox.filter_jit`, `flax.nnx.jit`: all spell `jit`), and the model
    counts its trips only from a `range(...)` call whose arguments may be constants."""
    return ("jit" in text and "range" in text and "for" in text
            and may_call_constant_range(text))


# `range`, then what may stand before its `(`: whitespace, a backslash, a comment.
_RANGE_CALL = re.compile(r"range(?:[\s\\]|#[^\r\n]*(?![^\r\n]))*\(")  # after `\b`
# What no constant argument holds: an attribute (or a float), a subscript, a dict or set, a
# call. A constant trip count is int literals, names and arithmetic (`prefilter.py`), and
# `not (x)` is arithmetic there.
_NOT_CONSTANT = re.compile(r"[.\[{]|(?<!\w)(?!not\b)\w+\s*\(")
_FLAT_ARGUMENTS = re.compile(r"[^()\"'#]*\)")
# Arguments longer than this are not read: such a call counts as possibly constant.
_RANGE_ARGUMENTS_READ = 2000


def may_call_constant_range(text: str) -> bool:
    """Whether some `range(...)` call in ``text`` may have only constant arguments: False
    when each one found has an attribute, a subscript or a call among its arguments
    (`range(len(x))`, `range(x.ndim)`), the loops `jit` unrolls only at run time. A call
    whose arguments hold a string or a comment, or run past the text, counts as possible."""
    return bool(constant_range_lines(text))


@functools.lru_cache(maxsize=8)  # asked by the text prefilter, then by the `ast` one
def constant_range_lines(text: str) -> tuple[int, ...]:
    """The lines (sorted) where a `range(...)` call that may have only constant arguments
    starts (`may_call_constant_range`)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)  # names as `ast` reads them; same lines
    calls = (call for call in starting_words(_RANGE_CALL, text)
             if _may_be_constant_arguments(text, call.end()))
    return tuple(line for _call, line in match_lines(text, calls))


def _may_be_constant_arguments(text: str, start: int) -> bool:
    """Whether the arguments of the call whose `(` ends at ``start`` may all be constants."""
    flat = _FLAT_ARGUMENTS.match(text, start)
    if flat is not None:  # no brackets, strings or comments inside: the common case
        return _NOT_CONSTANT.search(text, start, flat.end()) is None
    position, end, depth = start, min(len(text), start + _RANGE_ARGUMENTS_READ), 1
    while position < end:
        character = text[position]
        if character in "\"'#":
            return True
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0:
            return _NOT_CONSTANT.search(text, start, position) is None
        position += 1
    return True


def match_lines(text: str, matches: Iterable[re.Match]) -> Iterator[tuple[re.Match, int]]:
    """Each of ``matches`` (in order, over ``text``) with the line it starts on, as Python
    counts lines (CRLF, CR, LF)."""
    carriage_returns = "\r" in text
    line, counted = 1, 0
    for match in matches:
        line += line_breaks(text, counted, match.start(), carriage_returns)
        counted = match.start()
        yield match, line


def line_breaks(text: str, start: int, end: int, carriage_returns: bool) -> int:
    """Line breaks in ``text[start:end]`` as Python counts them (CRLF, CR, LF)."""
    breaks = text.count("\n", start, end)
    if carriage_returns:
        breaks += text.count("\r", start, end) - text.count("\r\n", start, end)
    return breaks


def decode_source(data: bytes, path: str = "-") -> SourceFile:
    if is_notebook(path):
        # nbformat is imported for notebooks only
        from scanlint.source.notebook import read_notebook

        return read_notebook(data, path)
    if b"\x00" in data:
        raise SourceError("binary file (contains NUL bytes)")
    head = b"\n".join(data.split(b"\n", 2)[:2])  # a PEP 263 cookie sits in the first two lines
    try:
        if not data.startswith(b"\xef\xbb\xbf") and b"coding" not in head:
            return SourceFile(path, data.decode("utf-8"), "utf-8")  # PEP 3120's default
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as error:
        raise SourceError(f"cannot decode: {error}") from None
    if encoding == "utf-8-sig" and text.startswith("\ufeff"):
        text = text[1:]
    return SourceFile(path, text, encoding)


def read_source(path: str) -> SourceFile:
    try:
        if os.path.isdir(path):
            raise SourceError("is a directory")
        limit = MAX_NOTEBOOK_BYTES if is_notebook(path) else MAX_FILE_BYTES
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise SourceError(f"file is larger than {limit // 2**20} MiB; not checked")
    except SourceError:
        raise
    except OSError as error:
        raise SourceError(error.strerror or str(error)) from None
    return decode_source(data, path)


def encode_source(source: SourceFile, text: str) -> bytes:
    return text.encode(source.encoding)


def write_atomic(path: str, data: bytes) -> None:
    """Replace ``path``'s content: temp file in the same folder, fsync, keep mode, rename.

    A symlink named on the command line is written through (its target changes, the link
    stays); discovery never yields symlinks, so nothing outside the given paths is written.
    """
    path = os.path.realpath(path)
    folder = os.path.dirname(path)
    mode = os.stat(path).st_mode & 0o7777
    import tempfile  # only for a write (it imports shutil and random)

    handle, temp = tempfile.mkstemp(prefix=".scanlint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


@dataclass(frozen=True)
class Discovered:
    files: list[str]
    missing: list[str]


def discover(paths: list[str], exclude: tuple[str, ...] = (),
             respect_gitignore: bool = True, base: str | None = None,
             force_exclude: bool = False) -> Discovered:
    """Python files and notebooks under ``paths``; a file given explicitly is checked unless
    ``force_exclude`` (for pre-commit, which passes every staged file) and it is excluded.

    ``exclude`` holds gitignore-style patterns relative to ``base`` (the project root).
    """
    user_spec = _spec(exclude) if exclude else None  # pathspec is imported only when needed
    base = base or os.getcwd()
    files: list[str] = []
    missing: list[str] = []
    for given in paths:
        if os.path.isfile(given) or (not os.path.exists(given) and os.path.islink(given)):
            rel = os.path.relpath(os.path.abspath(given), base).replace(os.sep, "/")
            if force_exclude and ((user_spec is not None and user_spec.match_file(rel)) or any(
                    part in DEFAULT_EXCLUDE for part in rel.split("/")[:-1])):
                continue
            files.append(given)
        elif os.path.isdir(given):
            files.extend(_walk(given, user_spec, respect_gitignore, base))
        else:
            missing.append(given)
    seen: set[str] = set()
    unique = [f for f in files if not (f in seen or seen.add(f))]
    return Discovered(unique, missing)


def _spec(lines):
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _walk(root: str, user_spec, respect_gitignore: bool, base: str) -> Iterator[str]:
    ignores: list[tuple[str, object]] = []  # (folder, spec) from .gitignore files
    has_patterns = user_spec is not None and bool(user_spec.patterns)
    visited: set[tuple[int, int]] = set()
    for folder, dirs, names in os.walk(root, followlinks=False):
        stat = os.stat(folder)
        if (stat.st_dev, stat.st_ino) in visited:
            dirs[:] = []
            continue
        visited.add((stat.st_dev, stat.st_ino))
        gitignore = os.path.join(folder, ".gitignore")
        if respect_gitignore and os.path.isfile(gitignore):
            try:
                with open(gitignore, encoding="utf-8", errors="replace") as handle:
                    ignores.append((folder, _spec(handle)))
            except OSError:
                pass

        def ignored(path: str, is_dir: bool) -> bool:
            if not has_patterns and not ignores:
                return False
            rel_base = os.path.relpath(path, base).replace(os.sep, "/")
            if has_patterns and user_spec.match_file(rel_base + ("/" if is_dir else "")):
                return True
            for ignore_root, spec in ignores:
                if path.startswith(ignore_root.rstrip(os.sep) + os.sep):
                    rel = os.path.relpath(path, ignore_root).replace(os.sep, "/")
                    if spec.match_file(rel + ("/" if is_dir else "")):
                        return True
            return False

        dirs[:] = sorted(d for d in dirs if d not in DEFAULT_EXCLUDE
                         and not ignored(os.path.join(folder, d), True))
        for name in sorted(names):
            path = os.path.join(folder, name)
            # Symlinked files are skipped: inside the tree they duplicate a real file, outside
            # it they lead where --fix must not write.
            if (name.endswith(CHECKED_SUFFIXES) and not os.path.islink(path)
                    and not ignored(path, False)):
                yield path


def relative(path: str, root: str | None = None) -> str:
    try:
        rel = os.path.relpath(path, root or os.getcwd())
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def is_relative_to(path: str, folder: str) -> bool:
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))
