# case: h204-logging-in-fori-body
# source: https://github.com/jax-ml/jax/issues/11930
# kind: mistake
# rules: SCN204
# jax: symptom len(records) != 5
# note: a logging call (as jax#11930's profiler annotation) runs once, not per step

import logging
import jax

records = []

class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)

log = logging.getLogger("holdout.fori")
log.addHandler(Keep())
log.setLevel(logging.INFO)
log.propagate = False

def body(i, acc):
    log.info("step %s", i)
    return acc * 2

out = jax.lax.fori_loop(0, 5, body, 1.0)
