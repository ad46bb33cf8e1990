# expect: bug
# source: https://github.com/iory/scikit-robot/issues/871
# mistake: `AugmentedLagrangianSolver.solve()` calls `_build_functions(fk_data)`, which returns freshly `jax.jit`-wrapped closures over the FK arrays on every solve; jit caches on function identity, so each solve in the planning loop compiles the cost functions and inner loop from scratch.
import time

import jax
import jax.numpy as jnp

COMPILES = {"inner_loop": 0}


def _build_functions(fk_data):
    link_lengths = fk_data["link_lengths"]

    def forward_kinematics(q):
        angles = jnp.cumsum(q)
        return jnp.stack([jnp.sum(link_lengths * jnp.cos(angles)), jnp.sum(link_lengths * jnp.sin(angles))])

    def cost(q, target):
        return jnp.sum((forward_kinematics(q) - target) ** 2) + 1e-3 * jnp.sum(q ** 2)

    @jax.jit
    def inner_loop(q, target, lam):
        COMPILES["inner_loop"] += 1
        def body(i, q):
            return q - 0.05 * jax.grad(cost)(q, target) - 0.05 * lam * q
        return jax.lax.fori_loop(0, 300, body, q)

    return inner_loop


class AugmentedLagrangianSolver:
    def __init__(self, fk_data, outer_iterations=5):
        self.fk_data, self.outer_iterations = fk_data, outer_iterations

    def solve(self, q0, target):
        inner_loop = _build_functions(self.fk_data)
        q, lam = q0, jnp.array(0.0)
        for _ in range(self.outer_iterations):
            q = inner_loop(q, target, lam)
            lam = lam + 0.01
        return q


def main():
    fk_data = {"link_lengths": jnp.ones(7) * 0.3}
    solver = AugmentedLagrangianSolver(fk_data)
    for k, target in enumerate([jnp.array([1.0, 0.5]), jnp.array([0.8, 0.9]), jnp.array([1.2, -0.3])]):
        t0 = time.perf_counter()
        q = solver.solve(jnp.zeros(7), target)
        q.block_until_ready()
        print(f"solve {k}: {1e3 * (time.perf_counter() - t0):.0f} ms, inner_loop compilations so far: {COMPILES['inner_loop']}")
