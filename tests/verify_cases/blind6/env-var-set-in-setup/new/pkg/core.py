import os


def configure(threads):
    flags = f"intra_op_parallelism_threads={threads}"
    os.environ.update({"XLA_FLAGS_PKG": flags})
    return {"threads": threads}
