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
                                                                                   "format": "date"})],
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
            "summary": "Glossary entries whose names or definitions contain q (accents and case ignored)",
            "parameters": [_param("q", "query", "Words to find (empty: the glossary in order)",
                                  {"type": "string", "maxLength": 200}), _LANG, _LIMIT],
            "responses": {"200": _ok("Terms", {"type": "array", "items": {"$ref": "#/components/schemas/Term"}}),
                          "400": _ERROR}}},
        "/api/cards/{name}": {"get": {
            "summary": "A card by its name in any language, with its rulings",
            "parameters": [_param("name", "path", "Card name (English, Italian or French)",
                                  {"type": "string", "maxLength": 150})],
            "responses": {"200": _ok("Card", {"type": "object"}), "400": _ERROR, "404": _ERROR}}},
        "/api/diff": {"get": {
            "summary": "What changed between two releases held (the `mtgkb diff --json` shape)",
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
        "Term": {"type": "object", "properties": {
            "names": {"type": "array", "items": {"type": "string"}}, "definition": {"type": "string"},
            "obsolete": {"type": "boolean"}, "refs": {"type": "array", "items": {"type": "string"}},
            "lang": {"type": "string"}, "source": {"type": "string"},
            "effective_date": {"type": ["string", "null"]}, "provenance": {"type": "string"}}},
    }},
}
