import json


def append_metrics(path, step, loss):
    with open(path, "a") as f:
        f.write(json.dumps({"step": step, "loss": float(loss)}) + "\n")
    return step
