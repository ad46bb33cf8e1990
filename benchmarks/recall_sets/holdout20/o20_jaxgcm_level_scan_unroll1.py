# expect: bug
# source: https://github.com/climate-analytics-lab/jax-gcm/pull/570
# mistake: the two-stream radiation solver sweeps the 62 vertical levels with `jax.lax.scan` at the default `unroll=1`, so a tiny per-level body runs as a 62-trip device loop instead of straight-line code.
import jax
import jax.numpy as jnp


def prepare_rrtmgp_data(n_col=4096, n_lev=62, use_scan=True):
    k = jax.random.PRNGKey(0)
    tau = jax.random.uniform(k, (n_col, n_lev), minval=0.0, maxval=0.2)
    src = jax.random.uniform(jax.random.fold_in(k, 1), (n_col, n_lev))
    return {"tau": tau, "src": src, "use_scan": use_scan}


def lw_transport(tau, src, use_scan):
    trans = jnp.exp(-tau)
    if use_scan:
        def level(flux_dn, inputs):
            t, s = inputs
            flux_dn = flux_dn * t + (1.0 - t) * s
            return flux_dn, flux_dn

        _, fluxes = jax.lax.scan(level, jnp.zeros(tau.shape[0]), (jnp.moveaxis(trans, 1, 0), jnp.moveaxis(src, 1, 0)))
        return jnp.moveaxis(fluxes, 0, 1)
    flux_dn = jnp.zeros(tau.shape[0])
    out = []
    for z in range(tau.shape[1]):
        flux_dn = flux_dn * trans[:, z] + (1.0 - trans[:, z]) * src[:, z]
        out.append(flux_dn)
    return jnp.stack(out, axis=1)


def radiation_scheme_rrtmgp(data):
    return lw_transport(data["tau"], data["src"], data["use_scan"])


def main():
    data = prepare_rrtmgp_data(use_scan=True)
    solve = jax.jit(lambda tau, src: lw_transport(tau, src, data["use_scan"]))
    hlo = solve.lower(data["tau"], data["src"]).compile().as_text()
    print("use_scan=True: while loops in compiled HLO:", hlo.count(" while("))
    out = solve(data["tau"], data["src"])
    print("flux shape:", out.shape, "TOA mean flux:", float(out[:, -1].mean()))


if __name__ == "__main__":
    main()
