"""The database of a build: its tables, its file name and its format version.

Bump :data:`SCHEMA_VERSION` whenever a table changes: a reader refuses a build
written in another version and asks for ``mtgkb build``. An index added for speed alone
keeps the version: a build without it reads the same, only slower.
"""

from __future__ import annotations

SCHEMA_VERSION = 4
DB_NAME = "kb.sqlite"

SCHEMA = """
CREATE TABLE documents (
    id TEXT PRIMARY KEY, lang TEXT NOT NULL, format TEXT NOT NULL, path TEXT, sha256 TEXT,
    title TEXT, effective_date TEXT, release TEXT, provenance TEXT,
    introduction TEXT, credits TEXT, meta TEXT, accounting TEXT, warnings TEXT,
    active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE rules (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, number TEXT NOT NULL, sort_key TEXT NOT NULL,
    kind TEXT NOT NULL, title TEXT, text TEXT, examples TEXT, refs TEXT,
    line INTEGER, end_line INTEGER, pointer TEXT,
    -- the number of the rule of the reference (the newest English release) this text is aligned to
    aligned_number TEXT NOT NULL, aligned_key TEXT NOT NULL,
    align_method TEXT NOT NULL DEFAULT 'number', align_confidence REAL NOT NULL DEFAULT 1.0,
    PRIMARY KEY (doc_id, number)
);
CREATE INDEX rules_aligned ON rules (aligned_key);
-- where a foreign rule text sits in the numbering of an English release other than the reference
-- (release: that release's document id); the reference's is in the rules table
CREATE TABLE placements (
    release TEXT NOT NULL, doc_id TEXT NOT NULL, number TEXT NOT NULL,
    aligned_number TEXT NOT NULL, aligned_key TEXT NOT NULL, method TEXT NOT NULL, confidence REAL NOT NULL,
    PRIMARY KEY (release, doc_id, number)
);
CREATE INDEX placements_aligned ON placements (release, aligned_key);
-- a rule of an English release other than the reference, and the reference's number of the same rule
CREATE TABLE release_numbers (
    release TEXT NOT NULL, number TEXT NOT NULL, reference TEXT NOT NULL, PRIMARY KEY (release, number)
);
CREATE TABLE terms (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, names TEXT NOT NULL, definition TEXT,
    obsolete INTEGER, refs TEXT, line INTEGER
);
CREATE TABLE rulings (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, card TEXT, lang TEXT, date TEXT, source TEXT,
    provenance TEXT, text TEXT NOT NULL, translations TEXT, line INTEGER,
    -- the text as compared (kb.text.match_key): copies of one ruling on several cards, sets or pages share it
    text_key TEXT NOT NULL
);
CREATE INDEX rulings_card ON rulings (card);
CREATE INDEX rulings_text ON rulings (text_key, lang);
-- a ruling by its id (doc_id#seq), as the alignments name it (SPEED_INDEXES)
CREATE INDEX rulings_seq ON rulings (doc_id, seq);
CREATE TABLE cards (
    doc_id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL, type TEXT, text TEXT,
    foreign_data TEXT, sets TEXT, line INTEGER, keywords TEXT,
    mana_cost TEXT, power TEXT, toughness TEXT, loyalty TEXT, defense TEXT
);
CREATE INDEX cards_name ON cards (name COLLATE NOCASE);
CREATE TABLE alignments (
    kind TEXT NOT NULL, a_doc TEXT NOT NULL, a_id TEXT NOT NULL, b_doc TEXT NOT NULL, b_id TEXT NOT NULL,
    method TEXT NOT NULL, confidence REAL NOT NULL, note TEXT
);
CREATE INDEX alignments_a ON alignments (a_doc, a_id);
CREATE INDEX alignments_b ON alignments (kind, b_id);
CREATE TABLE lexicon (
    lang TEXT NOT NULL, en TEXT NOT NULL, foreign_stem TEXT NOT NULL, score REAL NOT NULL, count INTEGER,
    source TEXT NOT NULL, en_word TEXT, foreign_word TEXT
);
CREATE INDEX lexicon_en ON lexicon (lang, en);
CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT);
"""

# Indexes added for speed alone, created too in a copy of an older build (kb.store.write.replace_documents):
# without rulings_seq, each join on an alignment scans the rulings (the rulings of a rule took 11 ms,
# the ruling translations 17 ms; now under 1 ms).
SPEED_INDEXES = "CREATE INDEX IF NOT EXISTS rulings_seq ON rulings (doc_id, seq);"
