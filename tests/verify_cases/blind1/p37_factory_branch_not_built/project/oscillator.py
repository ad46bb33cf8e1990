"""Integrator factories for the forced oscillator: make_step(cfg) -> (init, step)."""
import jax.numpy as jnp


def _forcing(cfg):
    kind = cfg.get("forcing", "none")
    amp, w = cfg.get("amp", 0.0), cfg.get("omega", 1.0)
    if kind == "sine":
        return lambda t: amp * jnp.sin(w * t)
    if kind == "square":
        def square(t):
            return amp * jnp.sign(jnp.sin(w * t))
        return square
    return lambda t: 0.0 * t


def make_step(cfg):
    k, c, dt = cfg["k"], cfg.get("damping", 0.0), cfg["dt"]
    force = _forcing(cfg)

    def init(x0, v0=0.0):
        return jnp.stack([jnp.asarray(x0, jnp.float32), jnp.asarray(v0, jnp.float32)])

    def step(s, t):
        x, v = s[0], s[1]
        a = -k * x - c * v + force(t)
        v = v + dt * a
        return jnp.stack([x + dt * v, v])

    return init, step


def rollout(cfg, x0, n):
    init, step = make_step(cfg)
    s = init(x0)
    for i in range(n):
        s = step(s, i * cfg["dt"])
    return s
