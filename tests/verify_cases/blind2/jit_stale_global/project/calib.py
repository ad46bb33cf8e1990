"""Sensor calibration with a process-wide gain/offset setting."""
import jax
import jax.numpy as jnp

_STATE = {"gain": 1.0, "offset": 0.0}


def set_calibration(gain, offset=0.0):
    _STATE["gain"] = float(gain)
    _STATE["offset"] = float(offset)


def apply(x):
    return x * _STATE["gain"] + _STATE["offset"]


def calibrate_and_apply(x, gain, offset=0.0):
    set_calibration(gain, offset)
    return apply(x)
