from .transforms import forward, inverse, transform_batch
