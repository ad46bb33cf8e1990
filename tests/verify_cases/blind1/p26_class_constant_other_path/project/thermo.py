"""Ideal-gas helpers used by the combustion toy model."""
import jax.numpy as jnp


class Gas:
    R = 8.314

    def __init__(self, molar_mass, cp):
        self.molar_mass = molar_mass
        self.cp = cp

    def pressure(self, n, T, V):
        return n * self.R * T / V

    def heat(self, m, dT):
        return m * self.cp * dT

    def moles(self, m):
        return m / self.molar_mass


def heating_curve(gas, m, temps):
    return gas.heat(m, jnp.diff(temps))


AIR = Gas(0.029, 1005.0)
