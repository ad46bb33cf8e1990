# expect: bug
# source: https://github.com/fractalyze/zorch/issues/229
# mistake: a public method runs lax.scan eagerly (outside any jit) with a scan body defined inside the method, so every call re-traces and re-compiles the scan.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import lax


class DuplexTranscript:
    def __init__(self, seed):
        self.state = jnp.full((4,), seed, dtype=jnp.uint32)

    def sample(self, n):
        def permute(state, _):
            state = state * jnp.uint32(1103515245) + jnp.uint32(12345)
            state = jnp.roll(state, 1) ^ (state >> 3)
            return state, state[0]

        self.state, out = lax.scan(permute, self.state, None, length=n)
        return out


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration" and "scan" in str(kw.get("fun_name")):
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    t = DuplexTranscript(7)
    t.sample(10)
    first = len(compiles)
    calls = 5
    for _ in range(calls):
        t.sample(10)
    print(f"SYMPTOM: {len(compiles) - first} scan recompilations in {calls} warm eager sample(10) calls (expected 0)")


if __name__ == "__main__":
    main()
