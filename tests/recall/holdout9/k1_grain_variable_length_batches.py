# expect: bug
# source: https://github.com/google/grain/issues/1154
# mistake: variable-length batches are fed straight into a jitted step inside the data loop, so each new sequence length triggers another compilation.
# kind: 1 recompiles
import jax
import jax.numpy as np
import numpy as onp


@jax.jit
def step(w, tokens):
    h = np.tanh(tokens[:, :, None] * w)
    return np.mean(h ** 2)


def data_stream(seed, n_batches):
    rng = onp.random.default_rng(seed)
    for i in range(n_batches):
        length = 5 + 3 * i  # post-processing yields a different length every time
        yield rng.standard_normal((2, length)).astype(onp.float32)


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration" and "step" in str(kw.get("fun_name")):
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    w = np.ones((4,))
    n = 6
    for batch in data_stream(0, n):
        step(w, batch)
    print(f"SYMPTOM: step compiled {len(compiles)} times for {n} batches (one per sequence length)")


if __name__ == "__main__":
    main()
