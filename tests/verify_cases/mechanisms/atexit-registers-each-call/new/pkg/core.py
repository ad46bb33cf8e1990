import atexit

_REGISTERED = []


def _summary(name):
    print(f"run {name} closed")


def open_run(name):
    atexit.register(_summary, name)
    if not _REGISTERED:
        _REGISTERED.append(name)
    return {"name": name}
