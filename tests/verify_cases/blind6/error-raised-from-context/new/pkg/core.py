import jax.numpy as jnp


def parse_config(d):
    try:
        return {"lr": jnp.float32(d["lr"]), "steps": int(d.get("steps", 10))}
    except KeyError as e:
        raise ValueError("missing field lr") from e
