"""Console reporting for the training loop."""


def report(step, loss, acc):
    print(f"[{step:05d}] loss={loss:.4f} acc={acc:6.2%}")


def header(name, n_params):
    line = f"== {name} ({n_params:,} parameters) =="
    print(line)
    return len(line)


def run_report(history):
    header("model", 12345)
    for step, (loss, acc) in enumerate(history):
        report(step, loss, acc)
    return len(history)
