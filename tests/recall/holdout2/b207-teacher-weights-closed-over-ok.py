# case: b207-teacher-weights-closed-over-ok
# source: https://github.com/jax-ml/jax/pull/36305
# kind: lookalike
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (64, 64) for c in consts)
# pair: b207-teacher-weights-closed-over

import jax
import jax.numpy as jnp

TEACHER_W = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

def distill(teacher_w, student, batches):
    def distill_step(student, batch):
        target = jnp.tanh(batch @ teacher_w)
        pred = jnp.tanh(batch @ student)
        loss = jnp.mean((pred - target) ** 2)
        return student - 0.01 * loss, loss
    return jax.lax.scan(distill_step, student, batches)

student = jnp.zeros((64, 64))
batches = jnp.ones((3, 2, 64))
consts = jax.make_jaxpr(distill)(TEACHER_W, student, batches).consts
