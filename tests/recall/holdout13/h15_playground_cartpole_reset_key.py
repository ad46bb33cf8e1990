# expect: bug
# source: https://github.com/google-deepmind/mujoco_playground/pull/349
# mistake: The cartpole reset draws the initial joint positions and velocities from the same PRNG key, so across every episode the velocity noise equals the position noise.
# kind: 4 PRNG keys reused across loop steps
import jax
import jax.numpy as jp


class CartpoleBalance:
    def __init__(self, n_dof=2):
        self.n_dof = n_dof
        self.init_qpos = jp.array([0.0, 0.0])

    def reset(self, rng):
        rng, rng1 = jax.random.split(rng)
        qpos = self.init_qpos + 0.01 * jax.random.normal(rng1, (self.n_dof,))
        qvel = 0.01 * jax.random.normal(rng1, (self.n_dof,))
        return qpos, qvel


def main():
    env = CartpoleBalance()

    def episode(key, _):
        key, reset_key = jax.random.split(key)
        qpos, qvel = env.reset(reset_key)
        return key, (qpos, qvel)

    _, (qpos, qvel) = jax.jit(lambda k: jax.lax.scan(episode, k, None, length=8))(jax.random.key(0))
    same = int(jp.sum(jp.all(qpos == qvel, axis=-1)))
    if same:
        print(f"SYMPTOM: in {same}/8 episodes initial qvel is bit-identical to the qpos noise")


if __name__ == "__main__":
    main()
