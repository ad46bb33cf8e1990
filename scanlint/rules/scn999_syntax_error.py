from scanlint.rules import Rule


class SyntaxErrorRule(Rule):
    """
    ## What it does
    Reports a file that does not parse as Python (LibCST's grammar, Python 3.0 to 3.14).

    ## Why is this bad?
    A file that does not parse cannot be checked or fixed; the other files still are.

    ## Example
    `broken.py:3:9: SCN999 syntax error: expected ':'`

    ## Use instead
    Fix the syntax error.
    """

    CODE = "SCN999"
    NAME = "syntax-error"
    MESSAGE = "syntax error: {reason}"
    SYSTEM = True
