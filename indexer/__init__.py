"""The full-text search index of a knowledge base build (whoosh).

whoosh is imported here first, without three modules it loads at import and that the index never
uses: ``urllib.request`` (whoosh.compat's ``urlretrieve``, with http, email and ssl), ``asyncio``
(the cached_property package's coroutine check) and ``whoosh.lang.morph_en`` (English variations,
a thousand rules compiled as regular expressions). Together they took more than half of whoosh's
import time, about 0.1 s of a cold ``mtgkb search``.
"""

from __future__ import annotations

import functools
import importlib
import sys
from types import ModuleType
from typing import Any, Callable


def _deferred(module: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module`` when called and calls its ``name``."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _stand_ins() -> dict[str, ModuleType]:
    """The modules whoosh imports in place of the real ones: functions that import the real module
    when called, and the standard library's ``functools.cached_property``, which caches in the
    instance as the cached_property package does."""
    attributes: dict[str, dict[str, Any]] = {
        "urllib.request": {"urlretrieve": _deferred("urllib.request", "urlretrieve")},
        "whoosh.lang.morph_en": {"variations": _deferred("whoosh.lang.morph_en", "variations")},
        "cached_property": {"cached_property": functools.cached_property},
    }
    modules = {}
    for name, values in attributes.items():
        modules[name] = ModuleType(name)
        modules[name].__dict__.update(values)
    return modules


def _import_whoosh() -> None:
    """Import whoosh's core with the stand-ins, then take them out of ``sys.modules`` so any
    later import gets the real modules (a module already imported is left as it is)."""
    added = {name: module for name, module in _stand_ins().items() if name not in sys.modules}
    sys.modules.update(added)
    try:
        import whoosh.compat  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in added.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


_import_whoosh()
