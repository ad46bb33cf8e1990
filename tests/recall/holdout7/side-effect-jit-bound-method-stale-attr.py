# expect: bug
# source: https://openillumi.com/en/en-jax-jit-class-method-stale-cache-fix
# mistake: The trainer jits a bound method once and then changes an attribute the method reads (the schedule's scale)
#   inside the epoch loop; the attribute was baked in as a constant at trace time, so later epochs silently keep the
#   first value.
# case: side-effect-jit-bound-method-stale-attr
# kind: mistake
# rules: none
# jax: symptom RESULT == 1
# note: The Stack Overflow question behind the article found jit(c.calc) "works" while @jit on the method fails, and
#   the answer warns that changing c.mul afterwards is not seen; the reproduction uses a warm-up learning-rate scale.
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.lr_scale = 0.1
        self.step_fn = jax.jit(self.sgd_step)           # bound method jitted once

    def sgd_step(self, w, g):
        return w - self.lr_scale * g                    # reads mutable Python state

    def set_epoch(self, epoch):
        self.lr_scale = min(1.0, 0.1 * (epoch + 1))     # warm-up schedule


def main():
    trainer = Trainer()
    w, g = jnp.ones(4), jnp.ones(4)
    updates = []
    for epoch in range(4):
        trainer.set_epoch(epoch)
        new_w = trainer.step_fn(w, g)
        updates.append(round(float((w - new_w)[0]), 6))
    return len(set(updates))                             # 1 means the schedule never took effect


if __name__ == "__main__":
    RESULT = main()
