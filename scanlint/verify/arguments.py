"""The arguments of `scanlint verify`, apart from the command itself: every run of the command
line builds its parser, and a `scanlint check` should not import what `verify` runs."""

from __future__ import annotations

VARIANTS = ("float16", "bfloat16", "x64")
PYTEST_TIMEOUT = 3600.0  # a project's test run takes longer than replaying a few calls


def add_verify_parser(commands) -> None:
    verify = commands.add_parser(
        "verify", help="run code before and after a change under jax.jit and compare outputs")
    verify.add_argument("files", nargs="+", metavar="FILE",
                        help="OLD.py NEW.py, or one FILE (compared with its --fix result), "
                             "or FILE... with --rev")
    verify.add_argument("--rev", help="compare each FILE with its version at this git revision")
    verify.add_argument("--call", action="append", default=[],
                        help='an entry call evaluated in the module, e.g. "run(s0, a, 0.01)"')
    verify.add_argument("--pytest", metavar="ARGS",
                        help='run the project\'s tests once (pytest ARGS, e.g. "tests/") and '
                             "replay the calls they make to the changed functions")
    verify.add_argument("--step-style", choices=("def", "lambda", "any"),
                        help="with one FILE: the step style its fix is made in")
    verify.add_argument("--param-style", choices=("closure", "carry", "consistent", "any"),
                        help="with one FILE: the parameter style its fix is made in")
    verify.add_argument("--unsafe-fixes", action="store_true",
                        help="with one FILE: include unsafe fixes in the version compared")
    verify.add_argument("--bench", action="store_true", help="time cached jitted calls")
    verify.add_argument("--hlo", action="store_true", help="also compare the optimised HLO")
    verify.add_argument("--dtypes", default="",
                        help=f"also run with float inputs cast: comma-separated {VARIANTS}")
    verify.add_argument("--timeout", type=float, default=300.0,
                        help="seconds for each version's subprocess")
    verify.add_argument("--pytest-timeout", type=float, default=PYTEST_TIMEOUT,
                        help="seconds for the test run of --pytest")
    verify.add_argument("--output-format", choices=("text", "json"), default="text",
                        help="text (the default) or json")
    verify.add_argument("--config", metavar="PATH", help="a pyproject.toml with [tool.scanlint]")
