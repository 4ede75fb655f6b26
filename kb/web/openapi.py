"""The OpenAPI description of the JSON API (served at ``/openapi.json``)."""

from __future__ import annotations

from typing import Any

from .. import __version__


def _param(name: str, where: str, description: str, schema: dict[str, Any], required: bool = False) -> dict:
    return {"name": name, "in": where, "description": description, "required": required or where == "path",
            "schema": schema}


_LANG = _param("lang", "query", "Only these languages (repeat, or comma-separated): en, it, fr.",
               {"type": "string", "example": "it,en"})
_LIMIT = _param("limit", "query", "At most this many results (1-50; anything else is a 400 with a message).",
                {"type": "integer", "minimum": 1, "maximum": 50, "default": 10})
_ERROR = {"description": "Error: a JSON object with `error` (one line) and `status`; 404s on rule numbers "
                         "also carry `suggestions`.",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _ok(description: str, schema: dict[str, Any]) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "mtgkb", "version": __version__,
             "description": "Read-only API over the Magic: The Gathering Comprehensive Rules and rulings "
                            "in Italian, English and French. Shapes are those of `mtgkb ... --json`."},
    "paths": {
        "/api/health": {"get": {"summary": "Knowledge base build, releases with dates, counts",
                                "responses": {"200": _ok("Summary", {"type": "object"})}}},
        "/api/rules/{selector}": {"get": {
            "summary": "Rules by number or range (the `mtgkb rule --json` shape)",
            "parameters": [
                _param("selector", "path", "400.7 (with subrules), 400.7. (alone), 400.7a, 400, 4, 702.19b-d",
                       {"type": "string", "maxLength": 40}),
                _LANG,
                _param("release", "query", "Official release by effective date", {"type": "string",
                                                                                   "format": "date"}),
                _param("page", "query", "Page of a long range, 200 entries each (X-Total-Count: all; Link: the next)",
                       {"type": "integer", "minimum": 1})],
            "responses": {"200": _ok("Rule entries in rules order",
                                     {"type": "array", "items": {"$ref": "#/components/schemas/Rule"}}),
                          "400": _ERROR, "404": _ERROR}}},
        "/api/search": {"get": {
            "summary": "Full-text and rule-number search (the `mtgkb search --json` shape)",
            "parameters": [_param("q", "query", "Query (at most 200 characters)", {"type": "string",
                                                                                  "maxLength": 200}, True),
                           _LANG,
                           _param("kind", "query", "rule, ruling, term, card, example, page",
                                  {"type": "string"}),
                           _LIMIT],
            "responses": {"200": _ok("Hits, best first", {"type": "array", "items": {"type": "object"}}),
                          "400": _ERROR, "503": _ERROR}}},
        "/api/terms": {"get": {
            "summary": "Glossary entries whose names (in any language, or in `lang`) or texts contain q "
                       "(accents and case ignored), in the `mtgkb define --json` shape",
            "parameters": [_param("q", "query", "Words to find (empty: the glossary in order)",
                                  {"type": "string", "maxLength": 200}),
                           _param("lang", "query", "Look in the names of these languages only: en, it, fr",
                                  {"type": "string", "example": "it"}), _LIMIT],
            "responses": {"200": _ok("Terms", {"type": "array", "items": {"$ref": "#/components/schemas/Term"}}),
                          "400": _ERROR}}},
        "/api/define/{name}": {"get": {
            "summary": "A game term by its name in English, Italian or French (the `mtgkb define --json` shape): "
                       "exact names first, then the nearest spelling, then names starting with it",
            "parameters": [_param("name", "path", "Term (vote, voto, zone publique, deathtuch)",
                                  {"type": "string", "maxLength": 150}),
                           _param("lang", "query", "Texts in these languages (English when none holds one)",
                                  {"type": "string", "example": "it"})],
            "responses": {"200": _ok("Entries, best first", {"type": "array",
                                                             "items": {"$ref": "#/components/schemas/Term"}}),
                          "400": _ERROR, "404": _ERROR}}},
        "/api/cards/{name}": {"get": {
            "summary": "A card by its name in any language, with its rulings (the `mtgkb card --json` shape)",
            "parameters": [_param("name", "path", "Card name (English, Italian or French; a near spelling is "
                                                  "accepted when it names one card, and a part of a name players "
                                                  "use, such as Finks, when the search reads it as one card)",
                                  {"type": "string", "maxLength": 150})],
            "responses": {"200": _ok("Card", {"$ref": "#/components/schemas/Card"}), "400": _ERROR,
                          "404": _ERROR}}},
        "/api/diff": {"get": {
            "summary": "What changed between two releases held (the `mtgkb diff --json` shape, each release "
                       "named by id, title and date instead of its file)",
            "parameters": [_param("old", "query", "Older release date", {"type": "string", "format": "date"}, True),
                           _param("new", "query", "Newer release date", {"type": "string", "format": "date"},
                                  True)],
            "responses": {"200": _ok("Diff", {"type": "object"}), "400": _ERROR, "404": _ERROR,
                          "503": _ERROR}}},
    },
    "components": {"schemas": {
        "Error": {"type": "object", "required": ["error", "status"],
                  "properties": {"error": {"type": "string"}, "status": {"type": "integer"},
                                 "suggestions": {"type": "array", "items": {"type": "string"}}}},
        "Rule": {"type": "object", "required": ["number", "kind", "texts"], "properties": {
            "number": {"type": "string"}, "kind": {"enum": ["section", "chapter", "rule", "subrule"]},
            "title": {"type": ["string", "null"]},
            "texts": {"type": "object", "additionalProperties": {"type": "object", "properties": {
                "text": {"type": "string"}, "source": {"type": "string"},
                "effective_date": {"type": ["string", "null"]}, "provenance": {"type": "string"},
                "title": {"type": "string"}, "pointer": {"type": "string"}, "source_number": {"type": "string"},
                "alignment": {"type": "object"}}}},
            "examples": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "children": {"type": "array", "items": {"type": "string"}},
            "refs": {"type": "array", "items": {"type": "string"}}}},
        "Source": {"type": "object", "properties": {
            "id": {"type": "string"}, "title": {"type": "string"}, "effective_date": {"type": ["string", "null"]},
            "lang": {"type": "string"}, "provenance": {"type": "string"}}},
        "Term": {"type": "object", "required": ["term", "names", "text", "rules", "source"], "properties": {
            "term": {"type": "string"}, "kind": {"type": "string"},
            "match": {"enum": ["exact", "fuzzy", "prefix", "partial", "text", "all"]}, "obsolete": {"type": "boolean"},
            "names": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "text": {"type": "object", "additionalProperties": {"type": "object", "properties": {
                "text": {"type": "string"}, "kind": {"enum": ["glossary", "keyword page"]},
                "source": {"$ref": "#/components/schemas/Source"}, "label": {"type": "string"}}}},
            "fallback": {"type": "object"},
            "rules": {"type": "array", "items": {"type": "object", "properties": {
                "number": {"type": "string"}, "title": {"type": ["string", "null"]}, "text": {"type": "string"}}}},
            "source": {"oneOf": [{"$ref": "#/components/schemas/Source"}, {"type": "null"}]}}},
        "Card": {"type": "object", "required": ["name", "names", "text", "rulings", "rules"], "properties": {
            "name": {"type": "string"}, "match": {"enum": ["exact", "face", "near"]},
            "names": {"type": "object", "additionalProperties": {"type": "string"}},
            "mana_cost": {"type": "string"}, "type": {"type": "string"}, "power": {"type": "string"},
            "toughness": {"type": "string"}, "loyalty": {"type": "string"}, "defense": {"type": "string"},
            "text": {"type": "string"}, "keywords": {"type": "array", "items": {"type": "string"}},
            "foreign": {"type": "object"}, "sets": {"type": "array", "items": {"type": "string"}},
            "sources": {"type": "array", "items": {"$ref": "#/components/schemas/Source"}},
            "rulings": {"type": "array", "items": {"type": "object"}},
            "rules": {"type": "array", "items": {"type": "object"}}}},
    }},
}
