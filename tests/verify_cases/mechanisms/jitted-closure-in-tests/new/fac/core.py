import jax

def make_decay(rate, steps):
    def step(c, _):
        return c * rate, c
    def run(x):
        return jax.lax.scan(step, x, None, length=steps)
    return run
