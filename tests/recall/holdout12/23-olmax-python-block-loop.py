# expect: bug
# source: https://github.com/HomebrewML/Olmax/pull/98
# mistake: The jitted forward pass applies its identical transformer-style blocks with a Python `for` loop over the depth, so every block is unrolled into the traced program and compile cost grows with depth.
# kind: 6 unrolled python loop
import jax
import jax.numpy as jnp


def block(params, x):
    h = jax.nn.gelu(x @ params["w1"]) @ params["w2"]
    x = x + h
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + 1e-5) * params["scale"]


def init(key, depth, dim):
    keys = jax.random.split(key, depth)
    return [{"w1": jax.random.normal(k, (dim, 4 * dim)) * 0.02,
             "w2": jax.random.normal(k, (4 * dim, dim)) * 0.02,
             "scale": jnp.ones(dim)} for k in keys]


@jax.jit
def forward(blocks, x):
    for params in blocks:
        x = block(params, x)
    return x


def count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        inner = eqn.params.get("jaxpr")
        if inner is not None:
            n += count_eqns(getattr(inner, "jaxpr", inner))
    return n


def main():
    x = jnp.ones((4, 32))
    small = count_eqns(jax.make_jaxpr(forward)(init(jax.random.PRNGKey(0), 2, 32), x).jaxpr)
    deep = count_eqns(jax.make_jaxpr(forward)(init(jax.random.PRNGKey(0), 24, 32), x).jaxpr)
    if deep > 5 * small:
        print(f"SYMPTOM: traced program has {deep} equations at depth 24 versus {small} at depth 2 "
              "(the block loop is unrolled)")


if __name__ == "__main__":
    main()
