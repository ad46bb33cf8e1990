"""What LibCST is spared: the text tests, the `ast` tests, and the slice of a file it parses
(stubs for the rest). Imports core."""
