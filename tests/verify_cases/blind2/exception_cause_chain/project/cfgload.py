"""Loading experiment configs from plain dicts."""


class ConfigError(ValueError):
    pass


_REQUIRED = ("lr", "steps", "batch_size")


def load(raw):
    cfg = {}
    for key in _REQUIRED:
        try:
            cfg[key] = raw[key]
        except KeyError as err:
            raise ConfigError(f"missing required key {key!r}") from err
    cfg["lr"] = float(cfg["lr"])
    cfg["steps"] = int(cfg["steps"])
    cfg["batch_size"] = int(cfg["batch_size"])
    return cfg
