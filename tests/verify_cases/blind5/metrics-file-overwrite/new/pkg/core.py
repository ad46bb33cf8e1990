import json


def append_metrics(path, step, loss):
    with open(path, "w") as f:
        f.write(json.dumps({"step": step, "loss": float(loss)}) + "\n")
    return step
