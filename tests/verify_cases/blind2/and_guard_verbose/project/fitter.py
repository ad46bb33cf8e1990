"""Plain gradient-descent least squares with optional progress output."""
import numpy as np


def _loss(w, X, y):
    r = X @ w - y
    return float(r @ r) / len(y)


def fit(X, y, lr=0.1, steps=50, verbose=False, every=10):
    w = np.zeros(X.shape[1])
    history = []
    for step in range(steps):
        grad = 2.0 * X.T @ (X @ w - y) / len(y)
        w = w - lr * grad
        history.append(_loss(w, X, y))
        if verbose and step % (every * 2) == 0:
            print(f"step {step:4d} loss {history[-1]:.6f}")
    return w, history


def make_data(n=64, d=3, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w_true = np.arange(1, d + 1, dtype=float)
    y = X @ w_true + 0.01 * rng.normal(size=n)
    return X, y


def r2(w, X, y):
    resid = y - X @ w
    return 1.0 - float(resid @ resid) / float(((y - y.mean()) ** 2).sum())
