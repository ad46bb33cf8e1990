"""Settings as plain data (loading them from pyproject.toml lives in engine/config.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

STEP_STYLES = ("def", "lambda", "any")
PARAM_STYLES = ("closure", "carry", "consistent", "any")


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ()  # code prefixes; empty means every rule on by default
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    step_style: str = "def"
    param_style: str = "any"
    respect_gitignore: bool = True
    min_unrolled_trips: int = 10  # SCN301: loops running fewer times under jit are left alone
    preview: bool = False  # rules whose precision on real code is not yet measured
    # The longest line a fix writes: the project's (`line-length` here, else ruff's, black's
    # or flake8's setting), else pycodestyle's 79.
    line_length: int = 79
    verify_calls: tuple[str, ...] = field(default=(), compare=False)
    verify_pytest: str | None = field(default=None, compare=False)  # pytest's arguments
    verify_max_calls: int = field(default=5, compare=False)  # recorded per function
    # The language server's checks while typing: the rules that follow values through the
    # whole file (`Rule.PROGRAM`) are left to a pass after a pause (lsp.py).
    defer_program: bool = field(default=False, compare=False)

    def cache_key(self) -> str:
        """The part of the settings that changes what a check of one file reports."""
        return repr((self.select, self.extend_select, self.ignore, self.per_file_ignores,
                     self.step_style, self.param_style, self.min_unrolled_trips,
                     self.preview, self.line_length))
