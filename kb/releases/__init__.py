"""Rules releases over time: what changed between two (:mod:`~kb.releases.diff`), the life of
one rule across many (:mod:`~kb.releases.history`), and fetching the newest
(:mod:`~kb.releases.update`).

Releases come from files, folders or the knowledge base through one reader
(:mod:`~kb.releases.reader`); rules are matched across releases by content
(:mod:`~kb.matching`); diffs and histories print through one renderer
(:mod:`~kb.releases.render`).
"""
