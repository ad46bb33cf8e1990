"""Errors shared by the command-line faces (`cli.py`, `verify/cli.py`), so neither imports
the other for them."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be run as given; the message says why (exit 2)."""


# What each optional extra installs, by the module that shows it is there.
EXTRAS = {"jax": ("jax", "verify"), "pytest": ("pytest", "verify"), "pygls": ("pygls", "lsp"),
          "github": ("PyGithub", "review"), "gitlab": ("python-gitlab", "review")}


def require(module: str, what: str) -> None:
    """Raise a UsageError naming the extra to install when ``module`` cannot be imported:
    "scanlint verify needs jax: pip install 'scanlint[verify]'". Looked up, not imported."""
    import importlib.util

    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a module set to None
        found = False
    if not found:
        package, extra = EXTRAS[module]
        raise UsageError(f"{what} needs {package}: pip install 'scanlint[{extra}]'")
