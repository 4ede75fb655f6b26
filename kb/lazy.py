"""A package's names imported from their modules on first use (PEP 562), as :mod:`kb.model` and
:mod:`kb.store` load theirs: a command loads only the modules of the names it touches."""

from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_names(package: str, modules: dict[str, tuple[str, ...]], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: a name of ``modules`` (module → its names) is
    imported from ``package.<module>`` when first asked for and kept in ``namespace``."""
    home = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home[name]}"), name)
        namespace[name] = value
        return value

    return __getattr__
