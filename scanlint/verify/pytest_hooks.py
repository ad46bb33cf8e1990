"""What the two pytest plugins scanlint launches share (verify's `recorder.py`, measure's
`plugin.py`): the request the launching command left for the run, and the hooks that follow
which test is running. Runs inside the tests' pytest process."""

from __future__ import annotations

import json
import os

BETWEEN_TESTS = "(between tests)"


def launch_request(env_name: str) -> dict | None:
    """The request (JSON) whose path the launching command put in ``env_name``; None in a
    pytest run scanlint did not start, where the plugin does nothing."""
    path = os.environ.get(env_name)
    if not path:
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def test_following_hooks(book):
    """`pytest_runtest_logstart` and `pytest_runtest_logfinish` that keep ``book()``'s `test`
    (an object with that attribute, or None) on the running test's node id."""

    def pytest_runtest_logstart(nodeid, location):
        if book() is not None:
            book().test = nodeid

    def pytest_runtest_logfinish(nodeid, location):
        if book() is not None:
            book().test = BETWEEN_TESTS

    return pytest_runtest_logstart, pytest_runtest_logfinish
