# expect: bug
# source: https://github.com/felafax/felafax/issues/55
# mistake: The jitted train step stores an intermediate (the LoRA gradient) on the trainer object as a side effect, so when the training loop later reads that attribute it touches a leaked tracer.
# kind: 7 side effects in loop bodies
import jax
import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, dim=2048):
        self.params = {"lora_a": jnp.zeros(dim), "lora_b": jnp.ones(dim) * 0.01}
        self.opt = optax.adamw(1e-3)
        self.opt_state = self.opt.init(self.params)
        self.last_grad = None
        self._train_step = jax.jit(self._step)

    def _loss(self, params, batch):
        x, y = batch
        pred = x @ (params["lora_a"] + params["lora_b"])
        return jnp.mean((pred - y) ** 2)

    def _step(self, params, opt_state, batch):
        loss, grads = jax.value_and_grad(self._loss)(params, batch)
        self.last_grad = grads["lora_a"]  # kept for the gradient-norm log line
        updates, opt_state = self.opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    def train(self, batches):
        for step, batch in enumerate(batches):
            self.params, self.opt_state, loss = self._train_step(self.params, self.opt_state, batch)
            grad_norm = jnp.linalg.norm(self.last_grad)
            print(f"Step {step} | Train Loss: {float(loss):.4f} | grad norm {float(grad_norm):.4f}")


def main():
    key = jax.random.key(0)
    batches = []
    for i in range(3):
        kx, key = jax.random.split(key)
        x = jax.random.normal(kx, (8, 2048))
        batches.append((x, x.sum(axis=1)))
    Trainer().train(batches)


if __name__ == "__main__":
    main()
