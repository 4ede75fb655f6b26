"""The full-text search index of a knowledge base build (whoosh)."""
