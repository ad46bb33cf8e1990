# expect: none
# source: https://github.com/AI-Hypercomputer/maxtext/pull/871
# mistake: the loop calls `jax.block_until_ready(state)` ("Waiting for step to finish before checkpoint...") before starting the checkpoint timer, so the logged blocking time measures only the checkpoint save.
import os
import tempfile
import time

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(state):
    def body(i, w):
        return jnp.tanh(w @ w.T) * 0.5 + w * 0.5
    return {"step": state["step"] + 1, "params": jax.lax.fori_loop(0, 20, body, state["params"])}


def save_checkpoint(checkpoint_dir, step, state):
    host_state = jax.device_get(state)
    np.save(os.path.join(checkpoint_dir, f"ckpt_{step}.npy"), host_state["params"])


def main():
    config = {"steps": 4, "checkpoint_period": 2}
    state = {"step": jnp.array(0), "params": jnp.eye(1024) * 0.01}
    state = train_step(state)
    jax.block_until_ready(state)
    with tempfile.TemporaryDirectory() as checkpoint_dir:
        for step in range(config["steps"]):
            t0 = time.time()
            state = train_step(state)
            jax.block_until_ready(state)
            step_time = time.time() - t0
            if step % config["checkpoint_period"] == 0:
                blocking_start = time.time()
                save_checkpoint(checkpoint_dir, step, state)
                ckpt_time = time.time() - blocking_start
                print(f"step {step}: train_step took {step_time*1e3:.1f} ms, "
                      f"checkpoint blocking time {ckpt_time*1e3:.1f} ms")
