from dataclasses import dataclass


@dataclass
class Config:
    width: int = 32
    depth: int = 2


def make_config(**kw):
    return Config(**kw)
