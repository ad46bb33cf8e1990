"""The text prefilter: sound tests on a file's text, run before any parse. A file that fails
`may_contain_site` cannot hold a resolved scan-family site or a loop under `jit` (SCN3xx),
and never reaches the cache, the process pool or LibCST. Also the line counting over regex
matches that the `ast` prefilter and the selection share.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from scanlint.prefilter.words import first_starting_word

# Every resolvable scan-family call needs an import naming `jax` and `lax` (all qualified
# names the model accepts for jax's loops start with `jax.` and contain `lax`), or one naming
# `nnx` (Flax NNX's start with `flax.nnx.`: `from flax import nnx`, `import flax.nnx as n`,
# `from flax.nnx import scan`), and names one of these functions (in the import or the
# attribute). NNX has no `map`.
_FAMILY_TOKEN = re.compile(r"scan|fori_loop|while_loop")
_MAP_WORD = re.compile(r"map\b")  # `\bmap\b`, searched through `words` (see there)


def may_contain_site(text: str) -> bool:
    """A sound prefilter: False only for files that cannot contain a resolved scan site, a
    loop under `jit` (SCN3xx), or what the rules that follow a file's values report
    (`may_contain_traced_code`)."""
    return (("jax" in text and "lax" in text
             and (_FAMILY_TOKEN.search(text) is not None
                  or first_starting_word(_MAP_WORD, text) is not None))
            or ("nnx" in text and _FAMILY_TOKEN.search(text) is not None)
            or may_contain_unrolled_loop(text)
            or may_contain_traced_code(text))


# What the rules reading a file's program (`Rule.PROGRAM`) start from: a call (or a
# decorator) of a transformation that traces or compiles a function, of a loop that traces
# its body, or of `jax.random` (a key made, split or drawn from), each imported from jax, flax
# or equinox; or an indexed update of an array (`x.at[i].set(v)`, SCN223), or a state's next
# value named as such (`new_state`, `state_nxt`: SCN224).
_TRACING_CALL = re.compile(
    r"(?:jit|grad|vjp|jacrev|jacobian|hessian|jacfwd|jvp|linearize|vmap|pmap|checkpoint|"
    r"remat|make_jaxpr|eval_shape|shard_map|scan|fori_loop|while_loop|cond|switch|map|"
    r"PRNGKey|key|split|fold_in|Rngs)\b[\s\\]*\(|random\.\w+[\s\\]*\(|@[ \t]*\w|\.at\["
    r"|\b(?:new|next|nxt|updated)_\w*state\b|\b\w*state_(?:new|next|nxt|updated)\b")


def may_contain_traced_code(text: str) -> bool:
    """A sound test for the PROGRAM rules: every value they follow starts at a call or a
    decorator naming one of the functions above, imported from jax, flax or equinox."""
    return (("jax" in text or "flax" in text or "equinox" in text)
            and _TRACING_CALL.search(text) is not None)


def may_contain_unrolled_loop(text: str) -> bool:
    """A loop `jit` unrolls (SCN3xx) needs a jit: every jit the model resolves (`jax.jit`,
    `equinox.filter_jit`, `flax.nnx.jit`, an alias imported from one) is spelled with
    `jit` in an import."""
    return "jit" in text


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
