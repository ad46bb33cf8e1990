from commands import COMMANDS, evaluate, help_text


def test_registry():
    assert sorted(COMMANDS) == ["evaluate", "train"]


def test_help_lists_commands():
    text = help_text()
    assert text.count("\n") == 1 and "train" in text


def test_evaluate():
    assert evaluate(10)["score"] == 0.5
