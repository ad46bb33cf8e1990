def lr_at(step: int, base_lr: float = 1e-3, warmup: int = 5, decay: float = 0.9) -> float:
    """Constant learning rate during warmup, then exponential decay per step."""
    return base_lr if step < warmup else base_lr * decay ** (step - warmup)
