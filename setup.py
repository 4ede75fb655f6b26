"""The package list, the one thing pyproject.toml cannot say: every folder of kb and indexer
that holds Python modules, found automatically (a new subpackage needs no edit here, with or
without an ``__init__.py``), plus the embedded corpus folder installed under another name,
``mtgkb_corpus`` (``package-dir`` in pyproject.toml). Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import find_namespace_packages, setup


def python_packages(*names: str) -> list[str]:
    """``names`` and their subpackages that hold modules (not data folders such as templates/)."""
    found = find_namespace_packages(include=[pattern for name in names for pattern in (name, f"{name}.*")])
    return [package for package in found if any(Path(*package.split(".")).glob("*.py"))]


setup(packages=[*python_packages("kb", "indexer"), "mtgkb_corpus"])
