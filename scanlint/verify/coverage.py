"""Which lines of the verified module ran: inside the verify subprocess, per replayed call.

A line inside a function that jax traces counts when it was traced: tracing runs it. Only the
module's own file is watched. On Python 3.12 and newer through `sys.monitoring`: LINE events on
the module's code objects alone, each line reported once per call, so the cost is a few
callbacks per changed line, and PY_START events on its lambdas, since no LINE event reports the
line a code object starts on and a one-line lambda has no other (a def starts on its `def`
line, which the code defining it reports). Before 3.12 through `sys.settrace`, whose global
function is asked at every Python call and traces only frames of the module's file.
"""

from __future__ import annotations

import sys
import threading
import types

TOOL_NAME = "scanlint-verify"


class LineRecorder:
    """Collects (line, ran in a lambda) for the code of one file; `take()` returns what ran
    since the last `take()`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.ran: set[tuple[int, bool]] = set()
        self._monitoring = getattr(sys, "monitoring", None)
        self._tool: int | None = None
        self._codes: list[types.CodeType] = []

    # -- the two ways of watching ------------------------------------------------------------
    def start(self) -> None:
        if self._monitoring is not None:
            self._start_monitoring()
        else:
            sys.settrace(self._global)
            threading.settrace(self._global)

    def stop(self) -> None:
        if self._tool is not None:
            monitoring = self._monitoring
            for code in self._codes:
                monitoring.set_local_events(self._tool, code, 0)
            monitoring.register_callback(self._tool, monitoring.events.LINE, None)
            monitoring.register_callback(self._tool, monitoring.events.PY_START, None)
            monitoring.free_tool_id(self._tool)
            self._tool = None
        elif self._monitoring is None:
            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type]

    def watch(self, code: types.CodeType) -> None:
        """The module's code object, before it runs (nested code objects included)."""
        stack = [code]
        while stack:
            current = stack.pop()
            self._codes.append(current)
            stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
        if self._tool is not None:
            for current in self._codes:
                events = self._monitoring.events
                started = events.PY_START if current.co_name == "<lambda>" else 0
                self._monitoring.set_local_events(self._tool, current, events.LINE | started)

    def take(self) -> set[tuple[int, bool]]:
        ran, self.ran = self.ran, set()
        if self._tool is not None:
            self._monitoring.restart_events()  # events disabled after their first report
        return ran

    def _start_monitoring(self) -> None:
        monitoring = self._monitoring
        for tool in range(monitoring.PROFILER_ID + 1, 6):  # the ids tools are free to use
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, TOOL_NAME)
                self._tool = tool
                break
        else:
            raise RuntimeError("no free sys.monitoring tool id")
        monitoring.register_callback(self._tool, monitoring.events.LINE, self._on_line)
        monitoring.register_callback(self._tool, monitoring.events.PY_START, self._on_start)

    def _on_line(self, code: types.CodeType, line: int):
        self.ran.add((line, code.co_name == "<lambda>"))
        return self._monitoring.DISABLE

    def _on_start(self, code: types.CodeType, offset: int):
        """A lambda started: the line its first instruction is on ran."""
        line = next((line for start, end, line in code.co_lines() if start <= offset < end),
                    None)
        if line is not None:
            self.ran.add((line, True))
        return self._monitoring.DISABLE

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename != self.path:
            return None
        return self._local

    def _local(self, frame, event, arg):
        if event == "line":
            self.ran.add((frame.f_lineno, frame.f_code.co_name == "<lambda>"))
        return self._local
