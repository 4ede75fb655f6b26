"""Writing the index's segments with whoosh's own codec, minus a cost of its writers.

When a segment's postings are written, whoosh asks, for every posting, the length of its field in
its document (for each block's shortest and longest document), reading it from the segment's
lengths column a byte at a time, and looking on disk, at every posting of a field that keeps no
lengths (an ``ID``), whether its column file exists: a tenth of the index's build time.
:class:`WritingCodec` hands the writer a reader (:class:`LengthsReader`) that reads each field's
lengths once, into memory, and remembers which fields keep none. The segments it makes name
whoosh's own codec, so the index is read as before.
"""

from __future__ import annotations

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3Codec, W3PerDocReader, W3Segment, _lenfield
from whoosh.util.numeric import byte_to_length


class LengthsReader(W3PerDocReader):
    """A segment's per-document reader whose field lengths are read whole, once per field."""

    def __init__(self, storage, segment) -> None:
        super().__init__(storage, segment)
        self._length_bytes: dict[str, bytes | None] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> int | None:
        """What whoosh's reader gives: ``default`` for a field without lengths, None for a length of 0."""
        if docnum > self._doccount:
            raise IndexError(f"Asked for docnum {docnum!r} of {self._doccount}")
        lengths = self._lengths(fieldname)
        if lengths is None:
            return default
        lbyte = lengths[docnum] if docnum < len(lengths) else 0
        return byte_to_length(lbyte) if lbyte else None

    def _lengths(self, fieldname: str) -> bytes | None:
        if fieldname not in self._length_bytes:
            reader = self._cached_reader(_lenfield(fieldname), LENGTHS_COLUMN)
            self._length_bytes[fieldname] = _one_byte_values(reader) if reader is not None else None
        return self._length_bytes[fieldname]


def _one_byte_values(reader) -> bytes:
    """The values a column of one-byte numbers (a lengths column) holds, read at once from its file
    (whoosh's reader reads and unpacks them one at a time); documents past the end hold 0."""
    assert reader._fixedlen == 1 and reader._default == 0
    return reader._dbfile.get(reader._basepos, reader._count)


class WritingCodec(W3Codec):
    """whoosh's codec, whose writers read field lengths through :class:`LengthsReader`; its
    segments name whoosh's codec itself (with the same settings)."""

    def per_document_reader(self, storage, segment) -> W3PerDocReader:
        return LengthsReader(storage, segment)

    def new_segment(self, storage, indexname) -> W3Segment:
        return W3Segment(W3Codec(self._blocklimit, self._compression, self._inlinelimit), indexname)
