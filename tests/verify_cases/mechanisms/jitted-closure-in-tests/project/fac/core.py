import jax

def make_decay(rate, steps):
    step = lambda c, _: (c * rate, c)
    def run(x):
        return jax.lax.scan(step, x, None, length=steps)
    return run
