"""Which releases are installed: for the expectations that JAX, Flax and the like word
differently by release (a recall case's `jax[...]` header, a rule case's `jax_error`)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from packaging.requirements import Requirement


def installed_meets(requirement: str) -> bool:
    """Whether the installed distribution ``requirement`` names (`jax>=0.12`) meets it; a
    distribution not installed meets nothing. Raises InvalidRequirement for a bad one."""
    wanted = Requirement(requirement)
    try:
        return wanted.specifier.contains(version(wanted.name), prereleases=True)
    except PackageNotFoundError:
        return False
