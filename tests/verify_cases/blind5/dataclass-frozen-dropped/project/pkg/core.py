from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    width: int = 32
    depth: int = 2


def make_config(**kw):
    return Config(**kw)
