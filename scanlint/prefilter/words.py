"""Regex searches for patterns that start a word (`\\bimport`, `\\b(?:jit|J)\\b`), fast.

Python's `re` finds where a pattern can start with a fast scan for its first characters,
but a pattern that starts with `\\b` or a lookbehind is tried at every position: on the jax
sources `\\bimport\\b` takes 25 times as long as `import\\b`. The prefilters run such
patterns over every file, so they search without the leading `\\b` and check it here: a
match counts when the character before it is not a word character (the pattern's own first
character must be one, as it is after `\\b`).
"""

from __future__ import annotations

import re
from typing import Iterator


def starting_words(pattern: re.Pattern, text: str, pos: int = 0,
                   endpos: int | None = None) -> Iterator[re.Match]:
    """``pattern.finditer`` with ``\\b`` before it: matches that start a word. A match
    inside a longer word is passed over and the search goes on from its next character,
    so no match that starts a word is hidden by one that does not."""
    end = len(text) if endpos is None else endpos
    while pos <= end:
        match = pattern.search(text, pos, end)
        if match is None:
            return
        start = match.start()
        if start == 0 or not _is_word_character(text[start - 1]):
            yield match
            pos = max(match.end(), start + 1)
        else:
            pos = start + 1


def first_starting_word(pattern: re.Pattern, text: str, pos: int = 0,
                        endpos: int | None = None) -> re.Match | None:
    return next(starting_words(pattern, text, pos, endpos), None)


def any_word(names) -> re.Pattern:
    """A pattern for any of ``names`` as a whole word, for `starting_words` (which checks the
    boundary before it)."""
    return re.compile(r"(?:%s)\b" % "|".join(map(re.escape, sorted(names))))


def _is_word_character(character: str) -> bool:
    """What `\\w` matches in a `str` pattern."""
    return character.isalnum() or character == "_"
