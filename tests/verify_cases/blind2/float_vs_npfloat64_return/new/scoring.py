"""Scalar scores reported to the experiment tracker."""
import numpy as np


def accuracy(pred, labels):
    return np.mean(np.asarray(pred) == np.asarray(labels))


def f1(pred, labels, positive=1):
    pred, labels = np.asarray(pred), np.asarray(labels)
    tp = np.sum((pred == positive) & (labels == positive))
    fp = np.sum((pred == positive) & (labels != positive))
    fn = np.sum((pred != positive) & (labels == positive))
    return float(2 * tp / max(2 * tp + fp + fn, 1))


def summary(pred, labels):
    return {"accuracy": accuracy(pred, labels), "f1": f1(pred, labels)}
