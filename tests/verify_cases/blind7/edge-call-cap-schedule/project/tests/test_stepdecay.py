from stepdecay import lr_schedule

def test_decays():
    lrs = [float(lr_schedule(s)) for s in range(300)]
    assert lrs[0] > lrs[-1]
