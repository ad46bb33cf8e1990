"""Sub-commands of the training CLI; each command's help text is its docstring."""
import numpy as np

COMMANDS = {}


def command(fn):
    COMMANDS[fn.__name__] = fn
    return fn


@command
def train(steps=10):
    """Train the model for a number of steps."""
    return {"steps": steps}


@command
def evaluate(n=100):
    """Evaluate on the held-out split."""
    return {"n": n, "score": float(np.mean(np.arange(n) % 2))}


def help_text():
    return "\n".join(f"{name:10s} {fn.__doc__.splitlines()[0]}" for name, fn in sorted(COMMANDS.items()))
