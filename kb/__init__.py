"""mtgkb: a multilingual knowledge base for the Magic: The Gathering Comprehensive Rules."""

__version__ = "0.1.0"
