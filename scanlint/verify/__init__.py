"""`scanlint verify`: run code before and after a change under jax.jit and compare.

Only `child.py` (the replay) and `recorder.py` (the pytest plugin of `--pytest`) import jax
or run user code, and only inside the subprocesses scanlint starts for them.
"""
