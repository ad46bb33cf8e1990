"""What a run says and how it exits: one clear line per event on stderr (and, in GitHub
Actions, an `::error::` annotation for each error), and the exit code `--fail-on` asks for."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

FAIL_ON = ("never", "findings", "errors")
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


@dataclass
class Outcome:
    findings: int = 0  # findings on the changed lines
    errors: int = 0  # files scanlint could not check, and failed calls to the host

    def say(self, message: str) -> None:
        print(f"scanlint review: {message}", file=sys.stderr, flush=True)

    def error(self, message: str) -> None:
        self.errors += 1
        self.say(f"error: {message}")
        if os.environ.get("GITHUB_ACTIONS") == "true":
            from scanlint.report.github import escape_data

            print(f"::error title=scanlint review::{escape_data(message)}", flush=True)

    def write_outputs(self) -> None:
        """The counts as the GitHub step's outputs (`steps.<id>.outputs.findings`)."""
        path = os.environ.get("GITHUB_OUTPUT")
        if path:
            with open(path, "a", encoding="utf-8") as file:
                file.write(f"findings={self.findings}\nerrors={self.errors}\n")

    def exit_code(self, fail_on: str) -> int:
        """`never`: 0; `errors`: 2 on an error; `findings`: also 1 on a finding."""
        if fail_on != "never" and self.errors:
            return EXIT_ERROR
        if fail_on == "findings" and self.findings:
            return EXIT_FINDINGS
        return EXIT_CLEAN
