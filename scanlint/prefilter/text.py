"""The text prefilter: sound tests on a file's text, run before any parse. A file that fails
`may_contain_site` cannot hold a resolved scan-family site or a loop under `jit` (SCN3xx),
and never reaches the cache, the process pool or LibCST. Also the line counting over regex
matches that the `ast` prefilter and the selection share.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterable, Iterator

from scanlint.prefilter.words import first_starting_word, starting_words

# Every resolvable scan-family call needs an import naming `jax` and `lax` (all qualified
# names the model accepts for jax's loops start with `jax.` and contain `lax`), or one naming
# `nnx` (Flax NNX's start with `flax.nnx.`: `from flax import nnx`, `import flax.nnx as n`,
# `from flax.nnx import scan`), and names one of these functions (in the import or the
# attribute). NNX has no `map`.
_FAMILY_TOKEN = re.compile(r"scan|fori_loop|while_loop")
_MAP_WORD = re.compile(r"map\b")  # `\bmap\b`, searched through `words` (see there)


def may_contain_site(text: str) -> bool:
    """A sound prefilter: False only for files that cannot contain a resolved scan site or
    a loop under `jit` (SCN3xx)."""
    return (("jax" in text and "lax" in text
             and (_FAMILY_TOKEN.search(text) is not None
                  or first_starting_word(_MAP_WORD, text) is not None))
            or ("nnx" in text and _FAMILY_TOKEN.search(text) is not None)
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
# call. A constant trip count is int literals, names and arithmetic (`prefilter/syntax.py`), and
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
