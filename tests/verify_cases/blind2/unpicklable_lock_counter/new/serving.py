"""Thread-safe linear predictor with request statistics."""
import threading

import jax.numpy as jnp


class Predictor:
    def __init__(self, w):
        self.w = jnp.asarray(w)
        self._lock = threading.Lock()
        self.n_requests = 0
        self.n_rows = 0

    def predict(self, x):
        x = jnp.atleast_2d(jnp.asarray(x))
        with self._lock:
            self.n_requests += 1
            self.n_rows += x.shape[1]
        return x @ self.w

    def stats(self):
        return {"requests": self.n_requests, "rows": self.n_rows}
