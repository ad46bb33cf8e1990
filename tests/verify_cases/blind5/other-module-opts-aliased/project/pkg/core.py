from pkg import settings


def configure(**overrides):
    opts = dict(settings.OPTS)
    opts.update(overrides)
    return opts
