"""Pure functions over text and data: no disk, no clock, no process."""
