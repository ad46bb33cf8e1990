import atexit

_REGISTERED = []


def _summary(name):
    print(f"run {name} closed")


def open_run(name):
    if not _REGISTERED:
        atexit.register(_summary, name)
        _REGISTERED.append(name)
    return {"name": name}
