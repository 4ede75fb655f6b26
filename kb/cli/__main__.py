"""``python -m kb.cli``: the same as ``mtgkb``."""

from . import main

main()
