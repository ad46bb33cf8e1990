# case: h204-logging-in-fori-body-ok
# source: https://github.com/jax-ml/jax/issues/11930
# kind: lookalike
# rules: SCN204
# jax: symptom len(records) != 5
# pair: h204-logging-in-fori-body

import logging
import jax

records = []

class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)

log = logging.getLogger("holdout.fori.ok")
log.addHandler(Keep())
log.setLevel(logging.INFO)
log.propagate = False

def body(i, acc):
    jax.debug.callback(lambda step: log.info("step %s", step), i)
    return acc * 2

out = jax.lax.fori_loop(0, 5, body, 1.0)
jax.effects_barrier()
