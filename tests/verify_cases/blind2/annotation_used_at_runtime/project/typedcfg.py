"""Experiment configs parsed from string-valued dicts using the dataclass annotations."""
import dataclasses
import typing


@dataclasses.dataclass
class TrainConfig:
    lr: float = 1e-3
    steps: int = 1000
    warmup: int = 0
    name: str = "run"


def parse(raw, cls=TrainConfig):
    hints = typing.get_type_hints(cls)
    kwargs = {k: hints[k](v) for k, v in raw.items()}
    return cls(**kwargs)


def as_dict(cfg):
    return dataclasses.asdict(cfg)
