"""`--fix` writes only what the user could write, and keeps what the file is: its mode, owner,
group, inode and hard links. Run as an ordinary user: when the tests run as root (a CI
container), scanlint runs in a forked process whose effective user is `nobody`, for whom the
permissions mean what they say."""

import contextlib
import multiprocessing
import os
import stat

import pytest

SOURCE = ("import jax\n\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")
FIXED = SOURCE.replace("    step = lambda c, x: (c + k * x, c)\n",
                       "    def step(c, x):\n        return (c + k * x, c)\n")
NOBODY = 65534
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")


def fix(folder, *paths):
    """`scanlint check --fix --no-cache PATHS` as the user: (exit code, stdout, stderr)."""
    out, err = folder.parent / "out.txt", folder.parent / "err.txt"
    child = multiprocessing.get_context("fork").Process(
        target=_fix_as_user, args=(folder, [str(p) for p in paths], out, err))
    child.start()
    child.join(120)
    return child.exitcode, out.read_text(), err.read_text()


def _fix_as_user(folder, paths, out, err):
    import tempfile  # noqa: F401 - imported before the user cannot read the standard library

    import scanlint.source.writing  # noqa: F401
    from scanlint.cli import main

    os.chdir(folder)
    with open(os.devnull, "w") as nowhere, contextlib.redirect_stdout(nowhere), \
            contextlib.redirect_stderr(nowhere):
        main(["check", "--diff", "--no-cache", *paths])  # every module the fix needs, loaded
    if AS_ROOT:
        os.setgroups([])
        os.setegid(NOBODY)
        os.seteuid(NOBODY)
    with open(out, "w") as stdout, open(err, "w") as stderr, \
            contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["check", "--fix", "--no-cache", *paths])
    os._exit(code)


@pytest.fixture
def folder():
    """A folder the user owns, in the system's temp folder (which everyone may enter; pytest's
    own temp folders are private to the user running the tests)."""
    import shutil
    import tempfile
    from pathlib import Path

    top = Path(tempfile.mkdtemp(prefix="scanlint-writes-"))
    place = top / "work"
    place.mkdir()
    if AS_ROOT:
        for owned in (top, place):
            os.chown(owned, NOBODY, NOBODY)
    yield place
    os.chmod(place, 0o755)
    shutil.rmtree(top)


def user_file(folder, name, text=SOURCE, mode=0o644, group=None):
    path = folder / name
    path.write_text(text)
    if AS_ROOT:
        os.chown(path, NOBODY, NOBODY if group is None else group)
    os.chmod(path, mode)
    return path


def test_a_read_only_file_is_refused_and_left_as_it_was(folder):
    path = user_file(folder, "ro.py", mode=0o444)
    other = user_file(folder, "rw.py")
    before = os.stat(path)
    code, out, err = fix(folder, path, other)
    assert code == 1, err
    assert "ro.py" in out and "cannot write the fix: Permission denied" in out, out
    assert "SCN990" not in out and "Traceback" not in err
    assert path.read_text() == SOURCE
    after = os.stat(path)
    assert (after.st_mode, after.st_uid, after.st_gid, after.st_ino) == \
        (before.st_mode, before.st_uid, before.st_gid, before.st_ino)
    assert other.read_text() == FIXED  # one file's refusal does not stop the others


def test_hard_links_mode_and_inode_are_kept(folder):
    path = user_file(folder, "linked.py", mode=0o640)
    link = folder / "alias.py"
    os.link(path, link)
    before = os.stat(path)
    code, out, err = fix(folder, path)
    assert code == 0, out + err
    assert path.read_text() == FIXED and link.read_text() == FIXED
    after = os.stat(path)
    assert (after.st_ino, after.st_nlink, stat.S_IMODE(after.st_mode)) == \
        (before.st_ino, 2, 0o640)
    assert not list(folder.glob(".scanlint-*")), "no temp file left behind"


@pytest.mark.skipif(not AS_ROOT, reason="needs a group the user is not in: run as root")
def test_the_group_of_a_shared_file_is_kept(folder):
    path = user_file(folder, "shared.py", mode=0o664, group=0)
    code, out, err = fix(folder, path)
    assert code == 0, out + err
    assert path.read_text() == FIXED and os.stat(path).st_gid == 0


def test_a_read_only_folder_still_gets_its_writable_file_fixed(folder):
    path = user_file(folder, "inside.py")
    os.chmod(folder, 0o555)
    try:
        code, out, err = fix(folder, path)
    finally:
        os.chmod(folder, 0o755)
    assert code == 0, out + err
    assert path.read_text() == FIXED and "SCN990" not in out
