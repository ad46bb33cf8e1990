# expect: bug
# source: https://github.com/PlasmaControl/DESC/pull/310
# mistake: compute() is jitted with self as a static argument, so the target and weight attributes that the continuation loop mutates between iterations are frozen at their first-trace values.
# kind: 7 side effects in loop bodies
import functools

import jax
import jax.numpy as jnp


class AspectRatio:
    def __init__(self, target=3.0, weight=1.0):
        self.target = target
        self.weight = weight

    @functools.partial(jax.jit, static_argnums=0)
    def compute(self, R_lmn):
        major = R_lmn[0]
        minor = jnp.sqrt(jnp.sum(R_lmn[1:] ** 2))
        return self.weight * (major / minor - self.target)


def continuation(objective, R_lmn, targets):
    residuals = []
    for target in targets:
        objective.target = target  # ramp the target towards its final value
        for _ in range(3):
            f = objective.compute(R_lmn)
            J = jax.jacfwd(lambda r: objective.compute(r))(R_lmn)
            R_lmn = R_lmn - f * J / jnp.dot(J, J)
        residuals.append(float(objective.compute(R_lmn)))
    return R_lmn, residuals


def main():
    objective = AspectRatio(target=3.0)
    R_lmn = jnp.array([10.0, 1.0, 0.5])
    R_lmn, _ = continuation(objective, R_lmn, targets=[3.0, 5.0, 8.0])
    achieved = float(R_lmn[0] / jnp.sqrt(jnp.sum(R_lmn[1:] ** 2)))
    if abs(achieved - 8.0) > 0.5:
        print(f"SYMPTOM: continuation ramped target to 8.0 but the optimised aspect ratio is "
              f"{achieved:.3f}; compute() still uses target={3.0} from its first trace")


if __name__ == "__main__":
    main()
