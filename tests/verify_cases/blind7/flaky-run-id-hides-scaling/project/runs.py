import uuid


def make_run(base_lr, batch_size, run_id=None):
    run_id = run_id or uuid.uuid4().hex[:8]
    lr = base_lr * min(1.0, batch_size / 256)
    return {"run_id": run_id, "lr": lr, "batch_size": batch_size}
