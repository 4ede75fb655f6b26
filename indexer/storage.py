"""Opening the index without copying it.

whoosh keeps each segment in one compound file, memory-mapped, and hands out its parts as
``BufferFile`` objects, each of which copies its part into a ``BytesIO`` when created: the
whole index (over 100 MB on the 580-set corpus) was copied at every open, for a few headers
read as a stream (terms and postings are then read from the memory map). Here a part is
read as a stream straight from the memory map (:class:`BufferStream`), for our index only:
:func:`open_index` opens a :class:`MappedIndex`, whose segments open their compound file as a
:class:`MappedCompoundStorage`; whoosh itself is left as it is (its writers still copy).

An index that cannot be opened (a segment overwritten, cut short or missing) is an
:class:`IndexDamaged` error naming the folder and how to rebuild it, never whoosh's own
``Invalid argument`` or ``struct.error``.
"""

from __future__ import annotations

from pathlib import Path

from whoosh.codec.base import WrappingSegment
from whoosh.filedb.compound import CompoundStorage
from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.structfile import BufferFile
from whoosh.index import FileIndex

from kb.errors import KBError

REBUILD_HINT = "rebuild it with 'mtgkb build --reindex'"


class IndexDamaged(KBError):
    """The search index of a build cannot be read; the knowledge base's database may still be whole."""


# bytes a peek returns at most: pickle asks for 128 KB and reads on when short; whoosh's pickles
# (a posting block's header) are some 40 bytes
PEEK = 256


class BufferStream:
    """A read-only file over a buffer (a ``memoryview`` of the memory map), without a copy."""

    def __init__(self, buf) -> None:
        self._buf = memoryview(buf)
        self._pos = 0

    def read(self, size: int = -1) -> bytes:
        end = len(self._buf) if size is None or size < 0 else min(len(self._buf), self._pos + size)
        data = self._buf[self._pos:end].tobytes()
        self._pos = end
        return data

    def peek(self, size: int = 0) -> bytes:
        """The bytes from the position on, without moving it: ``pickle.load`` then reads a pickle in
        one call instead of one per opcode (whoosh unpickles each posting block's header)."""
        return self._buf[self._pos:self._pos + min(max(size, 1), PEEK)].tobytes()

    def readline(self, size: int = -1) -> bytes:
        line = bytearray()
        while self._pos < len(self._buf) and (size is None or size < 0 or len(line) < size):
            char = self._buf[self._pos]
            self._pos += 1
            line.append(char)
            if char == 10:
                break
        return bytes(line)

    def seek(self, offset: int, whence: int = 0) -> int:
        base = (0, self._pos, len(self._buf))[whence]
        self._pos = max(0, base + offset)
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        self._buf = memoryview(b"")

    def __iter__(self):
        while line := self.readline():
            yield line


class MappedBufferFile(BufferFile):
    """A ``BufferFile`` read as a stream from its buffer (whoosh's copies it into a ``BytesIO``)."""

    def __init__(self, buf, name=None, onclose=None) -> None:
        self._buf = buf
        self._name = name
        self.file = BufferStream(buf)
        self.onclose = onclose
        self.is_real = False
        self.is_closed = False


class MappedCompoundStorage(CompoundStorage):
    """A segment's compound file that hands out its parts as :class:`MappedBufferFile`."""

    def open_file(self, name, *args, **kwargs):
        if self.is_closed or not self._source:  # closed, or not memory-mapped: whoosh's own way
            return super().open_file(name, *args, **kwargs)
        offset, length = self.range(name)
        return MappedBufferFile(memoryview(self._source)[offset:offset + length], name=name)


class MappedSegment(WrappingSegment):
    """A segment of our index that opens its compound file as a :class:`MappedCompoundStorage`."""

    def open_compound_file(self, storage):
        dbfile = storage.open_file(self.make_filename(self._child.COMPOUND_EXT))
        return MappedCompoundStorage(dbfile, use_mmap=storage.supports_mmap)

    def __getattr__(self, name: str):
        """Attributes whoosh reads off the segment itself (``_fieldlengths``) come from the wrapped one."""
        if name == "_child":  # not set yet (unpickling): no recursion
            raise AttributeError(name)
        return getattr(self._child, name)


class MappedIndex(FileIndex):
    """A whoosh index whose readers read their segments through :class:`MappedSegment`."""

    @classmethod
    def _reader(cls, storage, schema, segments, generation, reuse=None):
        mapped = [s if isinstance(s, MappedSegment) else MappedSegment(s) for s in segments]
        return super()._reader(storage, schema, mapped, generation, reuse=reuse)


def open_index(index_dir: Path) -> MappedIndex:
    """The whoosh index in ``index_dir``, its compound files read from the memory map.

    Every segment is opened once here, so a damaged one is found now, as :class:`IndexDamaged`.
    """
    try:
        ix = MappedIndex(FileStorage(str(index_dir)))
        ix.reader().close()
    except Exception as exc:  # noqa: BLE001 (a damaged file fails in whoosh in many ways: OSError, struct.error...)
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise IndexDamaged(f"{index_dir}: the search index is damaged ({reason[:120]}); {REBUILD_HINT}") from None
    return ix
