"""A knowledge base that knows the cards players name in questions (issue 31), for the card tests.

Built once per test run from the seeds, the shared MTGJSON set files, the 2025-11-14 release and seven
set files of the 580-set archive (``mtgjson-sets-20220425.tar.xz``): Saviors of Kamigawa and Magic 2010
(Pithing Needle, Italian *Ago Spinale*, French *Aiguille à sectionner*, printed twice: more than Tempest's
Needle Storm), Modern Masters (Kitchen Finks), Tempest (Humility), Urza's Destiny (Opalescence), Mirage
(Flash), Dark Ascension (Thalia, Guardian of Thraben), Dragons of Tarkir (Aerie Bowmasters) and the
playtest cards of Mystery Booster (CMB1, a "funny" set: Chimney Goyf; Modern Masters holds Tarmogoyf),
Darksteel and Mirrodin (Mycosynth Lattice, March of the Machines: two effects of layer 4, one depending on the
other); Double Masters, among the shared set files, holds Wrath of God and Blood Moon.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from .conftest import SEEDS, SHARED_CORPUS, cr_release, require_shared

ARCHIVE_SETS = ("SOK", "M10", "MMA", "TMP", "UDS", "MIR", "DKA", "DTK", "CMB1", "DST", "MRD", "OPC2")


def archive_sets(target: Path, names: tuple[str, ...] = ARCHIVE_SETS) -> list[Path]:
    """``names``' set files taken out of the shared archive into ``target``."""
    archive = require_shared(SHARED_CORPUS / "mtgjson-sets-20220425.tar.xz")
    wanted = {f"{name}.json" for name in names}
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:xz") as tar:
        members = [m for m in tar if m.isfile() and Path(m.name).name in wanted]
        for member in members:
            member.name = Path(member.name).name
            tar.extract(member, target, filter="data")
    return sorted(target / name for name in wanted)


@pytest.fixture(scope="session")
def cards_kb(kb_cache):
    """The knowledge base of the module docstring (its set files taken out once, beside the cache)."""
    from kb.store import KnowledgeBase

    from filelock import FileLock

    folder = kb_cache.root / "archive-sets"
    with FileLock(str(kb_cache.root / "archive-sets.lock")):  # xdist workers share the folder
        done = folder / f"done-{'-'.join(ARCHIVE_SETS)}"  # a longer list of sets is taken out again
        if not done.exists():
            archive_sets(folder)
            done.touch()
    sets = sorted(folder / f"{n}.json" for n in ARCHIVE_SETS)
    sources = [*SEEDS, require_shared(SHARED_CORPUS / "mtgjson"), cr_release("20251114"), *sets]
    return KnowledgeBase.open(kb_cache.shared(sources))
