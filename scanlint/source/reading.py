"""Reading and decoding a file exactly as Python does (PEP 263 cookie or BOM, no newline
translation), so that `--fix` writes back the same encoding, BOM and line endings; and
encoding fixed text back to bytes.

A Jupyter notebook (`.ipynb`) is read by `scanlint.source.notebook`: its source text is the
Python of its code cells, and the SourceFile carries the notebook to map positions and fixes
back.
"""

from __future__ import annotations

import io
import os
import tokenize

from scanlint.source.source_file import (MAX_FILE_BYTES, MAX_NOTEBOOK_BYTES, SourceError,
                                         SourceFile, is_notebook)


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
