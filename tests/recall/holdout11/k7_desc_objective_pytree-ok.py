# expect: none
# source: https://github.com/PlasmaControl/DESC/pull/310
# mistake: (fixed) the objective is a pytree whose target and weight are traced leaves, so jit sees the updated values each time the continuation loop replaces them.
# kind: 7 side effects in loop bodies
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class AspectRatio:
    target: float = 3.0
    weight: float = 1.0

    @jax.jit
    def compute(self, R_lmn):
        major = R_lmn[0]
        minor = jnp.sqrt(jnp.sum(R_lmn[1:] ** 2))
        return self.weight * (major / minor - self.target)


def continuation(objective, R_lmn, targets):
    for target in targets:
        objective = objective.replace(target=target)
        for _ in range(3):
            f = objective.compute(R_lmn)
            J = jax.jacfwd(lambda r: objective.compute(r))(R_lmn)
            R_lmn = R_lmn - f * J / jnp.dot(J, J)
    return R_lmn


def main():
    R_lmn = continuation(AspectRatio(target=3.0), jnp.array([10.0, 1.0, 0.5]), targets=[3.0, 5.0, 8.0])
    print("aspect ratio:", float(R_lmn[0] / jnp.sqrt(jnp.sum(R_lmn[1:] ** 2))))


if __name__ == "__main__":
    main()
