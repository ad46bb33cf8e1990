import jax.numpy as jnp
import tracer


def test_trace():
    tracer.TRACE.clear()
    x = tracer.run(jnp.float32(0.0), 3)
    assert len(tracer.TRACE) == 3
    assert tracer.TRACE[-1][1] == float(x)
