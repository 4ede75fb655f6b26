"""Exporters for translators, one module per format behind one registry."""
