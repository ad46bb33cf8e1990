"""Console reporting for the training loop."""


def report(step, loss, acc):
    print("[{:05d}] loss={:.4f} acc={:6.2%}".format(step, loss, acc))


def header(name, n_params):
    line = "== {} ({:,} parameters) ==".format(name, n_params)
    print(line)
    return len(line)


def run_report(history):
    header("model", 12345)
    for step, (loss, acc) in enumerate(history):
        report(step, loss, acc)
    return len(history)
