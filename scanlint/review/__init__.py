"""The review bot: `python -m scanlint.review github|gitlab` comments on a pull request's or a
merge request's changed lines, one comment per finding, and keeps its comments up to date on
each push.

A face: it runs `scanlint check` (the engine, `--since` the base) and builds its comments from
the `github-review` format's parts; `plan.py` decides which findings go on which lines (the
same for both hosts), `github.py` and `gitlab.py` talk to the hosts (PyGithub, python-gitlab:
the `review` extra), `verdicts.py` is the only module that calls `scanlint verify`.
"""
