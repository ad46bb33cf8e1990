# case: b207-teacher-weights-closed-over
# source: https://github.com/jax-ml/jax/pull/36305
# kind: mistake
# rules: SCN207
# jax: symptom any(getattr(c, 'shape', None) == (64, 64) for c in consts)
# note: module-level body reads module-level jax.random.normal weights (a teacher model in
#   distillation): they are captured into the traced program

import jax
import jax.numpy as jnp

TEACHER_W = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

def distill_step(student, batch):
    target = jnp.tanh(batch @ TEACHER_W)
    pred = jnp.tanh(batch @ student)
    loss = jnp.mean((pred - target) ** 2)
    return student - 0.01 * loss, loss

def distill(student, batches):
    return jax.lax.scan(distill_step, student, batches)

student = jnp.zeros((64, 64))
batches = jnp.ones((3, 2, 64))
consts = jax.make_jaxpr(distill)(student, batches).consts
