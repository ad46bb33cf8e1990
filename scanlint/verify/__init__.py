"""`scanlint verify`: run code before and after a change under jax.jit and compare.

Only `child.py` imports jax or runs user code, and only inside a subprocess.
"""
