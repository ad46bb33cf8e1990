"""The model every rule, fix and output reads: scopes, scan sites, carries, abstract values,
captures, what names hold, loops under `jit`. Knows nothing of rules, outputs or the command
line. Imports core and prefilter."""
