from scanlint.rules import Rule


class ReadError(Rule):
    """
    ## What it does
    Reports a file scanlint could not read, decode or check: a missing path, a broken symlink,
    no read permission, binary content, bytes that are not valid in the file's encoding
    (PEP 263 cookie, BOM, or UTF-8), a file over 20 MiB, or expressions nested more than
    1,000 levels deep (generated code that CPython cannot compile either, and that LibCST
    parses in time growing much faster than the file). With `--fix`, also a fix that could not
    be written: a read-only file (refused, as ruff and black refuse it), or a write the file
    system failed; the file is left as it was.

    ## Why is this bad?
    A file that cannot be read is not checked; the finding says so instead of passing silently.
    The other files are still checked.

    ## Example
    `missing.py:1:1: SCN900 cannot read: No such file or directory`

    `locked.py:1:1: SCN900 cannot write the fix: Permission denied: the file is not writable;
    the file is left as it was`

    ## Use instead
    Fix the path, the permissions or the encoding declaration.
    """

    CODE = "SCN900"
    NAME = "read-error"
    MESSAGE = "cannot read: {reason}"
    SYSTEM = True
