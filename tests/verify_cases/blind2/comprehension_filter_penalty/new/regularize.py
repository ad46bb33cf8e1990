"""Weight penalties used by the model-selection scripts."""
import numpy as np


def outlier_penalty(ws, clip=3.0):
    """Quadratic penalty on the weights whose magnitude exceeds `clip`."""
    return sum([0.25 * (abs(w) - clip) ** 2 for w in ws if abs(w) > clip])


def l2(ws, lam=1e-3):
    return lam * float(np.sum(np.square(ws)))


def total_penalty(ws, lam=1e-3, clip=3.0):
    ws = np.asarray(ws, dtype=np.float64).ravel()
    return l2(ws, lam) + outlier_penalty(ws, clip)


def report(ws, clip=3.0):
    ws = np.asarray(ws, dtype=np.float64).ravel()
    n_out = int(np.sum(np.abs(ws) > clip))
    return {"n": int(ws.size), "outliers": n_out, "penalty": total_penalty(ws, clip=clip)}
