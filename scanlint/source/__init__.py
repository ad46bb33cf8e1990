"""A file as text: discovery, reading and decoding as Python does, notebooks, atomic writes,
and the lines git says changed. Imports core."""
