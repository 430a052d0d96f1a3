"""Everything that touches the file system, git and caches."""
