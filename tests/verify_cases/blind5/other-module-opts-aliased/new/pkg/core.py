from pkg import settings


def configure(**overrides):
    opts = settings.OPTS
    opts.update(overrides)
    return opts
