# expect: bug
# source: https://evox.readthedocs.io/en/v0.9.1-dev/_sources/guide/developer/2-jit-able.md
# mistake: the jitted workflow step calls an un-jitted helper that does boolean-mask indexing x[x > 0]; the helper is traced as part of the step, so every generation of the loop raises NonConcreteBooleanIndexError
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp


def bar(x):
    return x[x > 0]  # dynamic index, not jit-able


@jax.jit
def foo(x):
    return bar(x)


def run_workflow(pop, n_gen=3):
    fitness = []
    for _ in range(n_gen):
        positive = foo(pop)
        fitness.append(jnp.sum(positive))
        pop = pop - 0.1
    return fitness


def main():
    pop = jnp.array([0.5, -0.2, 1.3, -0.7])
    print("eager:", bar(pop))
    # raises NonConcreteBooleanIndexError
    print(run_workflow(pop))


if __name__ == "__main__":
    main()
