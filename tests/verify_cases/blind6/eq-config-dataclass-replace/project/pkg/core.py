import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
    lr: float = 0.1
    steps: int = 10
    decay: float = 0.99


def with_lr(cfg, lr):
    return Config(lr=lr, steps=cfg.steps, decay=cfg.decay)
