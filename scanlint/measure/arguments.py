"""The arguments of `scanlint measure` (every run of the command line builds its parser)."""

from __future__ import annotations

from scanlint.verify.arguments import PYTEST_TIMEOUT


def add_measure_parser(commands, codes, formats) -> None:
    measure = commands.add_parser(
        "measure", help="run the project's tests once and report the loops jit unrolled and "
                        "the functions it compiled again and again, with measured counts")
    measure.add_argument("paths", nargs="*", metavar="PATH",
                         help="files or folders whose static SCN3xx findings the run checks "
                              "(default: the project root)")
    measure.add_argument("--pytest", metavar="ARGS",
                         help='pytest\'s arguments, e.g. "tests/ -x -k train"')
    measure.add_argument("--replay", metavar="PATH",
                         help="report from measurements written by --measurements instead of "
                              "running the tests")
    measure.add_argument("--pytest-timeout", type=float, default=PYTEST_TIMEOUT,
                         help="seconds for the test run")
    measure.add_argument("--output-format", choices=formats, default="text", metavar="FORMAT",
                         help=f"how findings are printed: {', '.join(formats)} (default: text)")
    measure.add_argument("--select", type=codes, metavar="CODES",
                         help="comma-separated codes or prefixes to report")
    measure.add_argument("--ignore", type=codes, metavar="CODES",
                         help="comma-separated codes or prefixes to leave out")
    measure.add_argument("--preview", action="store_true",
                         help="also the static rules in preview (SCN302, SCN303, SCN301 on counts "
                              "the file does not show): the run measures them too")
    measure.add_argument("--min-recompiles", type=int, default=3, metavar="N",
                         help="compiles of one function in one test that are reported "
                              "(default: 3)")
    measure.add_argument("--min-equations", type=int, default=50, metavar="N",
                         help="equations an unrolled loop must add to be reported (default: "
                              "50; fewer cost XLA next to nothing)")
    measure.add_argument("--bench-fixes", action="store_true",
                         help="time the fixes of the static findings the run measured "
                              "unrolled: trace+compile before and after on the tests' calls, "
                              "and whether the outputs stayed identical (runs the tests once "
                              "more; writes nothing)")
    measure.add_argument("--measurements", metavar="PATH",
                         help="also write the raw measurements (every compile) as JSON to PATH")
    measure.add_argument("--config", metavar="PATH",
                         help="a pyproject.toml to read [tool.scanlint] from")
    measure.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    measure.add_argument("--quiet", "-q", action="store_true", help="no summary on stderr")
