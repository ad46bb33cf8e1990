from runs import make_run

def test_named_run():
    assert make_run(5e-4, 512, run_id="exp1")["lr"] == 5e-4

def test_default_run():
    r = make_run(5e-4, 128)
    assert len(r["run_id"]) == 8 and r["lr"] > 0
