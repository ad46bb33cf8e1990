"""Loading and validating settings: `[tool.scanlint]` in pyproject.toml, then flags."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

from scanlint.core.settings import PARAM_STYLES, STEP_STYLES, Settings



def _toml():
    """tomllib, imported only when a pyproject.toml is read (it costs a few milliseconds
    on every run that reads none)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    return tomllib


class ConfigError(Exception):
    """A setting that cannot be used; the message names it."""


KNOWN_KEYS = {
    "select", "extend-select", "ignore", "exclude", "extend-exclude", "per-file-ignores",
    "step-style", "param-style", "respect-gitignore", "verify", "cache-dir",
    "min-unrolled-trips", "preview", "line-length",
}


def find_pyproject(start: str) -> str | None:
    """The nearest pyproject.toml at or above ``start`` that has a [tool.scanlint] table."""
    folder = os.path.abspath(start)
    if os.path.isfile(folder):
        folder = os.path.dirname(folder)
    while True:
        candidate = os.path.join(folder, "pyproject.toml")
        if os.path.isfile(candidate):
            tomllib = _toml()
            try:
                with open(candidate, "rb") as handle:
                    if "scanlint" in tomllib.load(handle).get("tool", {}):
                        return candidate
            except (OSError, tomllib.TOMLDecodeError):
                return candidate  # load_settings reports the problem
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def load_settings(pyproject: str | None, start: str | None = None) -> Settings:
    """The settings of ``pyproject`` (None: the defaults). The line length, when
    [tool.scanlint] sets none, is the project's other tools' (`project_line_length`), found
    from the pyproject's folder, else from ``start`` (default: the current folder)."""
    if pyproject is None:
        return replace(Settings(), line_length=project_line_length(start or os.getcwd()))
    tomllib = _toml()
    try:
        with open(pyproject, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"cannot read {pyproject}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{pyproject} is not valid TOML: {error}") from None
    table = data.get("tool", {}).get("scanlint", {})
    if not isinstance(table, dict):
        raise ConfigError(f"[tool.scanlint] in {pyproject} must be a table")
    settings = settings_from_table(table, f"{pyproject} [tool.scanlint]")
    if "line-length" not in table:
        settings = replace(settings, line_length=project_line_length(os.path.dirname(
            os.path.abspath(pyproject))))
    return settings


# Where other tools keep the line length: pyproject.toml's tables, then the INI files'
# sections (flake8 and pycodestyle read `max-line-length` from all three).
TOML_LINE_LENGTHS = (("ruff", "line-length"), ("black", "line-length"))
INI_LINE_LENGTHS = (("setup.cfg", "tox.ini", ".flake8"), ("flake8", "pycodestyle"))
DEFAULT_LINE_LENGTH = 79  # pycodestyle's


def project_line_length(start: str) -> int:
    """The line length the nearest configuration at or above ``start`` sets (ruff's or
    black's `line-length`, flake8's or pycodestyle's `max-line-length`), else 79."""
    folder = os.path.abspath(start)
    if os.path.isfile(folder):
        folder = os.path.dirname(folder)
    while True:
        found = _folder_line_length(folder)
        if found is not None:
            return found
        parent = os.path.dirname(folder)
        if parent == folder:
            return DEFAULT_LINE_LENGTH
        folder = parent


def _folder_line_length(folder: str) -> int | None:
    pyproject = os.path.join(folder, "pyproject.toml")
    if os.path.isfile(pyproject):
        tomllib = _toml()
        try:
            with open(pyproject, "rb") as handle:
                tools = tomllib.load(handle).get("tool", {})
        except (OSError, tomllib.TOMLDecodeError):
            tools = {}
        for tool, key in TOML_LINE_LENGTHS:
            value = tools.get(tool, {}).get(key) if isinstance(tools.get(tool), dict) else None
            if _is_length(value):
                return value
    names, sections = INI_LINE_LENGTHS
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            value = _ini_line_length(path, sections)
            if value is not None:
                return value
    return None


def _ini_line_length(path: str, sections: tuple[str, ...]) -> int | None:
    import configparser

    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path, encoding="utf-8")
    except (configparser.Error, OSError, UnicodeDecodeError):
        return None
    for section in sections:
        value = parser.get(section, "max-line-length", fallback=None) or parser.get(
            section, "max_line_length", fallback=None)
        if value is not None and value.strip().isdigit() and _is_length(int(value)):
            return int(value)
    return None


def _is_length(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000


def settings_from_table(table: dict, where: str) -> Settings:
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting `{unknown[0]}` in {where}")
    values: dict = {}
    for key in ("select", "extend-select", "ignore"):
        if key in table:
            values[key.replace("-", "_")] = tuple(validate_codes(_strings(table, key, where),
                                                                 key, where))
    for key in ("exclude", "extend-exclude"):
        if key in table:
            values[key.replace("-", "_")] = tuple(_strings(table, key, where))
    if "per-file-ignores" in table:
        values["per_file_ignores"] = _per_file_ignores(table["per-file-ignores"], where)
    if "step-style" in table:
        values["step_style"] = validate_choice(table["step-style"], STEP_STYLES,
                                               "step-style", where)
    if "param-style" in table:
        values["param_style"] = validate_choice(table["param-style"], PARAM_STYLES,
                                                "param-style", where)
    for key in ("respect-gitignore", "preview"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"`{key}` in {where} must be true or false")
            values[key.replace("-", "_")] = table[key]
    if "min-unrolled-trips" in table:
        trips = table["min-unrolled-trips"]
        if isinstance(trips, bool) or not isinstance(trips, int) or trips < 1:
            raise ConfigError(f"`min-unrolled-trips` in {where} must be a positive integer")
        values["min_unrolled_trips"] = trips
    if "line-length" in table:
        if not _is_length(table["line-length"]):
            raise ConfigError(f"`line-length` in {where} must be a number of columns from 1 to "
                              f"1000, not {table['line-length']!r}")
        values["line_length"] = table["line-length"]
    if "verify" in table:
        values.update(_verify_settings(table["verify"], where))
    return Settings(**values)


VERIFY_KEYS = {"calls", "pytest", "max-calls"}


def _verify_settings(verify, where: str) -> dict:
    if not isinstance(verify, dict):
        raise ConfigError(f"`verify` in {where} must be a table")
    where += ".verify"
    unknown = sorted(set(verify) - VERIFY_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting `{unknown[0]}` in {where}")
    values: dict = {}
    if "calls" in verify:
        values["verify_calls"] = tuple(_strings(verify, "calls", where))
    if "pytest" in verify:
        if not isinstance(verify["pytest"], str):
            raise ConfigError(f"`pytest` in {where} must be a string of pytest's arguments, "
                              f'such as "tests/"')
        pytest_arguments(verify["pytest"], f"`pytest` in {where}")
        values["verify_pytest"] = verify["pytest"]
    if "max-calls" in verify:
        count = verify["max-calls"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ConfigError(f"`max-calls` in {where} must be a whole number, at least 1")
        values["verify_max_calls"] = count
    return values


def pytest_arguments(line: str, where: str) -> list[str]:
    """pytest's arguments from one string, split like a shell line."""
    import shlex

    try:
        return shlex.split(line)
    except ValueError as error:
        raise ConfigError(f"{where}: {error} in {line!r}") from None


def _strings(table: dict, key: str, where: str) -> list[str]:
    value = table[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"`{key}` in {where} must be a list of strings")
    return value


def _per_file_ignores(value, where: str) -> tuple:
    if not isinstance(value, dict):
        raise ConfigError(f"`per-file-ignores` in {where} must be a table of glob = [codes]")
    pairs = []
    for pattern, codes in value.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ConfigError(f"`per-file-ignores.{pattern}` in {where} must be a list of codes")
        pairs.append((pattern, tuple(validate_codes(codes, "per-file-ignores"))))
    return tuple(pairs)


def validate_codes(codes: list[str], setting: str, where: str | None = None) -> list[str]:
    """The codes, upper-cased; a ConfigError names an unknown one, the setting and the file
    it came from (``where``)."""
    from scanlint.rules import all_rules  # imports LibCST: only when codes are named

    known = [rule.CODE for rule in all_rules()]
    out = []
    for code in codes:
        code = code.strip().upper()
        if code != "ALL" and not any(k.startswith(code) for k in known):
            raise ConfigError(f"unknown rule code `{code}` in `{setting}`{_in(where)}"
                              f" (known: {', '.join(known)})")
        out.append(code)
    return out


def validate_choice(value, choices: tuple[str, ...], setting: str,
                    where: str | None = None) -> str:
    if value not in choices:
        raise ConfigError(f"`{setting}`{_in(where)} must be one of {', '.join(choices)}, not "
                          f"{value!r}")
    return value


def _in(where: str | None) -> str:
    return f" in {where}" if where else ""


def with_overrides(settings: Settings, **overrides) -> Settings:
    """Command-line values win over the file's; None means 'not given'."""
    return replace(settings, **{k: v for k, v in overrides.items() if v is not None})
