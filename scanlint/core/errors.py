"""Errors shared by the command-line faces (`cli.py`, `verify/cli.py`), so neither imports
the other for them."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be run as given; the message says why (exit 2)."""
