"""The data every layer passes around: diagnostics and fixes, positions, settings, usage
errors. Imports nothing of scanlint."""
