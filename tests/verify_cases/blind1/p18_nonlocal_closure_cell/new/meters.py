"""Peak/throughput meters built as closures."""
import jax.numpy as jnp


def make_meter(decay=0.9):
    peak = jnp.float32(0.0)
    count = 0

    def observe(x):
        nonlocal peak, count
        count += 1
        peak = jnp.maximum(peak, jnp.max(jnp.abs(x)))
        return x * decay

    def report():
        return {"peak": peak, "count": count}

    return {"observe": observe, "report": report}


def scaled_stream(xs, decay=0.5):
    m = make_meter(decay)
    outs = [m["observe"](x) for x in xs]
    return outs, m["report"]()
