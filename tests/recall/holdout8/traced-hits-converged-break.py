# expect: bug
# source: https://github.com/data-apis/array-api/pull/999
# mistake: the array-API HITS power iteration is jitted, but the loop exits with `if is_converged(...): break` on a traced comparison, which raises TracerBoolConversionError
# kind: 2 traced-control-flow
import jax
import jax.numpy as xp


def is_converged(xprev, x, N, tol):
    err = xp.sum(xp.abs(x - xprev))
    return err < xp.asarray(N * tol)


def hits(A, max_iter=100, tol=1.0e-8):
    A = xp.asarray(A)
    N = A.shape[0]
    h = xp.full(N, 1.0 / N)
    for _i in range(max_iter):
        hprev = h
        a = hprev @ A
        h = A @ a
        h = h / xp.max(h)
        if is_converged(hprev, h, N, tol):
            break
    a = h @ A
    return h / xp.sum(h), a / xp.sum(a)


def main():
    A = xp.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])
    print("eager:", hits(A)[0])
    # under jit the `if` on a tracer raises TracerBoolConversionError
    print(jax.jit(hits)(A))


if __name__ == "__main__":
    main()
