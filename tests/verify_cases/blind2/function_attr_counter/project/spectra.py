"""Short-time power spectra, with a frame counter kept on the function for profiling."""
import numpy as np


def hann(n):
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)


def frames(x, size, hop):
    starts = hop * np.arange(1 + (len(x) - size) // hop)
    return x[starts[:, None] + np.arange(size)[None, :]]


def spectrum(x, size=64, hop=32):
    fr = frames(np.asarray(x, dtype=np.float64), size, hop) * hann(size)
    spectrum.n_frames += len(fr)
    return np.abs(np.fft.rfft(fr, axis=-1)) ** 2


spectrum.n_frames = 0


def mean_power(x, size=64, hop=32):
    return spectrum(x, size, hop).mean(axis=0)


def peak_bin(x, size=64, hop=32):
    return int(np.argmax(mean_power(x, size, hop)))
