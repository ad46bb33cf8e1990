from scanlint.rules import Rule


class InternalError(Rule):
    """
    ## What it does
    Reports a failure inside scanlint on one file: a rule that raised, or a fix whose result
    would not parse (the fix is dropped and the file is left as it was).

    ## Why is this bad?
    It is a bug in scanlint, not in your code. The other files are still checked and no file
    is ever written with a fix that does not parse. Please report it with the file.

    ## Example
    `model.py:1:1: SCN990 internal error: fix for SCN001 produced code that does not parse`

    ## Use instead
    Nothing to change in your code; `# noqa` does not apply to it.
    """

    CODE = "SCN990"
    NAME = "internal-error"
    MESSAGE = "internal error: {reason}"
    SYSTEM = True
