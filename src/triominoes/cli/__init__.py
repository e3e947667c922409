"""The ``triominoes`` command: thin wrappers over core, ai and sim."""
