from config import OptConfig, lr_at

def test_warmup():
    cfg = OptConfig(lr=1e-3, warmup_steps=10)
    assert float(lr_at(cfg, 9)) == 1e-3 or abs(float(lr_at(cfg, 9)) - 1e-3) < 1e-9
