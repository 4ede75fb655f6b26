"""Benchmark: a bounded load against ``mtgkb serve --workers 2`` on 127.0.0.1.

Run from the project root (with the ``web`` extra installed)::

    python benchmarks/serve_load.py [--requests 5000] [--concurrency 32] [--workers 2] [--kb DIR] [--scale]

Without ``--kb`` it builds a knowledge base in a temporary folder from the seeds, the
2025-11-14 English release and the five shared MTGJSON sets; ``--scale`` adds all 580
set files of the MTGJSON archive (the scale corpus). It then starts the server, sends a
mix of rule pages, rule API calls, searches (when the build has search) and glossary
look-ups over ``concurrency`` keep-alive connections (an httpx client, ``test`` extra), and prints throughput, p50/p95/p99
latency and errors per kind of request. The baseline, measured in the same run with the
same load, is the stylesheet: a response that touches no knowledge base (the floor
of the stack). Targets: no errors; p95 under 100 ms for rule pages, under 250 ms for
searches. Note that the load generator shares the machine's cores with the server.

Then, when the build has search, it measures whether expensive searches starve normal ones, with
the mix of issue 21's attack: ``--search-requests`` normal searches over ``--search-concurrency``
(4) clients, first alone, then while ``--expensive-clients`` (2) clients keep sending prefix
alternatives (``tha* OR pla* OR …``: 25 prefixes, as many as the API's 200 characters hold, and 32
prefixes without OR) with limit 50; ``--varied`` sends instead wide rule-number ranges with a
language filter, many prefixes, many misspelt words and long phrase alternatives. It prints side by
side the normal-search p50 and p95 alone and under the mix, their ratio (target: p95 within 3x),
the longest request of the mix (target: none over 5 s), what became of the expensive queries
(answered, or stopped by the time budget with a 400) and the count of 5xx answers (target 0).
``--isolation-only`` skips the general load.

Then the chapter pages (issue 33.1 / 34.3): the mixed load (card pages included) alone, then while
``--chapter-clients`` (2) clients keep loading chapter pages (``/rules/702``, ``/rules/7``) and
whole-rulebook ranges (``/rules/1-9``, ``/api/rules/1-9``); each kind's p95 side by side (target:
none rises more than 1.5x) and the card pages' p95 under that load. ``--chapters-only`` runs it alone,
after the card pages of one client (``--cards-only`` runs those alone): ``--card-pages`` (300) cards, each
opened once, by English, Italian or French name, short name or a typo, p50/p95 per way and in all (target:
p95 <= 150 ms on the archive knowledge base), beside the stylesheet over one client.
The two runs draw different requests of the same mix (seeds 7 and 8; the warm-up a third), so the
pages a server keeps (kb/web/keep.py) favour neither; ``--cold-chapters`` gives every chapter request
a query string of its own, so none is answered from a kept page. Beside the targets it prints their
floor, measured the same way: the stylesheet alone over as many clients (no knowledge base work),
and the load generator's own CPU per request (it runs on the same cores as the server); and the
server's CPU per mixed request alone and beside (read from /proc: the cost chapter pages add, which
the machine's other load moves less than it moves latencies).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared" / "corpus"
WORDS = ["vote", "pareggio", "égalité des votes", "battlefield", "campo di battaglia", "exile", "zone publique",
         "library", "graveyard", "trample", "commander", "cimitero", "abstain", "counter", "token"]


PREFIXES = ("tha pla cre tar abi eff spe cas cou ret des con per act tri res bat lib gra exi tok com man car cha dam "
            "ene opp pow tou lan sac").split()
ATTACK = [" OR ".join(p + "*" for p in PREFIXES[:25]),  # 196 characters: the most the API takes
          " OR ".join(p + "*" for p in PREFIXES[7:32]),
          " ".join(p + "*" for p in PREFIXES)]  # all 32, without OR
ATTACK_LIMIT = 50
VARIED = [
    " ".join(f"{100 + i}.1-{999 - i}.9" for i in range(8)) + " lang:fr",
    " ".join(f"{100 + i}.1-{999 - i}.9" for i in range(8)) + " lang:it",
    "con* pla* tri* act* cre* per* spe* abi* tar* eff* res* cas* cou* ret* des*",
    "battelfeild graveyrad libary exille permanant creatrue artifcat enchantmant plainswalker counterr spelll",
    ('"the player" OR "a creature" OR "the battlefield" OR "an ability" ' * 3)[:200],
    ("100.1-999.9 " * 16)[:191],  # the 16-range query: repeats count once, one lazy range
    " ".join(f"{100 + i}.1-{999 - i}.9" for i in range(16))[:200],  # 16 distinct ranges: refused (at most 8)
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_kb(folder: Path, scale: bool) -> Path:
    from kb import pipeline
    from kb.corpus import embedded_corpus, embedded_files

    # the embedded corpus holds the 2025-11-14 release and the five shared MTGJSON sets
    sources = [embedded_corpus()]
    if scale:
        sets = folder / "sets"
        sets.mkdir()
        with tarfile.open(SHARED / "mtgjson-sets-20220425.tar.xz") as archive:
            archive.extractall(sets, filter="data")
        sources = [*embedded_files("seed"), *embedded_files("release"), sets]
    kb_dir = folder / "kb"
    start = time.perf_counter()
    pipeline.build_kb(kb_dir, sources)
    print(f"built {kb_dir} in {time.perf_counter() - start:.1f} s from {len(sources)} sources"
          + (" (scale corpus)" if scale else ""))
    return kb_dir


def start_server(kb_dir: Path, workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from kb.cli import main; main()", "serve", "--kb",
                                str(kb_dir), "--port", str(port), "--workers", str(workers)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(base + "/api/health", timeout=1)
            return process, base
        except httpx.TransportError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("the server did not start within 30 s")


def plan(kb_dir: Path, count: int, search: bool, seed: int = 7) -> list[tuple[str, str]]:
    """``count`` (kind, path) requests: rule pages, rule API, searches, glossary."""
    from kb.store import KnowledgeBase

    kb = KnowledgeBase.open(kb_dir)
    numbers = [str(n) for n in kb.numbers() if n.kind in ("rule", "subrule")]
    cards = sorted({row[0] for row in kb.db.execute("SELECT name FROM cards")})
    kb.close()
    rng = random.Random(seed)
    mix = [("rule page", 4), ("rule api", 2), ("glossary api", 1), ("card page", 2)] + (
        [("search api", 2), ("search page", 1)] if search else [])
    kinds = [kind for kind, weight in mix for _ in range(weight)]
    out = []
    for _ in range(count):
        kind = rng.choice(kinds)
        if kind == "rule page":
            out.append((kind, "/rules/" + rng.choice(numbers)))
        elif kind == "rule api":
            out.append((kind, "/api/rules/" + rng.choice(numbers)))
        elif kind == "card page":
            out.append((kind, "/cards/" + quote(rng.choice(cards), safe="")))
        elif kind == "glossary api":
            out.append((kind, "/api/terms?q=" + quote(rng.choice(WORDS)) + "&limit=10"))
        elif kind == "search api":
            out.append((kind, "/api/search?q=" + quote(rng.choice(WORDS)) + "&limit=10"))
        else:
            out.append((kind, "/search?q=" + quote(rng.choice(WORDS))))
    return out


def client_for(base: str, connections: int) -> httpx.AsyncClient:
    """An HTTP client keeping up to ``connections`` connections alive to the server at ``base``."""
    return httpx.AsyncClient(base_url=base, headers={"Accept-Language": "it"}, timeout=60,
                             limits=httpx.Limits(max_connections=connections, max_keepalive_connections=connections))


FAILURES: dict[str, str] = {}  # path -> why its request had no answer (the exception), the last one


async def fetch(client: httpx.AsyncClient, path: str) -> int:
    """The status of ``GET path``, its body read whole (0 when the request failed, why in :data:`FAILURES`)."""
    try:
        return (await client.get(path)).status_code
    except httpx.HTTPError as exc:
        FAILURES[path] = f"{type(exc).__name__}: {exc}"[:120]
        return 0


async def run_load(base: str, requests: list[tuple[str, str]], concurrency: int) -> tuple[float, dict]:
    queue: asyncio.Queue = asyncio.Queue()
    for item in requests:
        queue.put_nowait(item)
    results: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    failed: list[str] = []  # "status path" of each request not answered 200

    async def worker(client: httpx.AsyncClient) -> None:
        while not queue.empty():
            kind, path = queue.get_nowait()
            start = time.perf_counter()
            status = await fetch(client, path)
            results.setdefault(kind, []).append(time.perf_counter() - start)
            if status != 200:
                errors[kind] = errors.get(kind, 0) + 1
                failed.append(f"{status} {path}" if status else f"no answer {path} ({FAILURES.get(path)})")

    start = time.perf_counter()
    async with client_for(base, concurrency) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    return time.perf_counter() - start, {"latency": results, "errors": errors, "failed": failed}


async def run_mix(base: str, normal: list[tuple[str, str]], expensive: list[str], concurrency: int,
                  expensive_clients: int, limit: int | None = None) -> tuple[dict, dict]:
    """``normal`` requests over ``concurrency`` connections while ``expensive_clients`` connections
    keep sending the ``expensive`` queries until the normal ones are done; both outcomes."""
    done = asyncio.Event()
    heavy: dict = {"latency": {}, "errors": {}, "statuses": {}}

    async def expensive_client(client: httpx.AsyncClient, offset: int) -> None:
        turn = offset
        while not done.is_set():
            query = expensive[turn % len(expensive)]
            turn += 1
            start = time.perf_counter()
            status = await fetch(client, "/api/search?q=" + quote(query) + (f"&limit={limit}" if limit else ""))
            heavy["latency"].setdefault("expensive", []).append(time.perf_counter() - start)
            heavy["statuses"][status] = heavy["statuses"].get(status, 0) + 1
            if status >= 500 or status == 0:
                heavy["errors"]["expensive"] = heavy["errors"].get("expensive", 0) + 1

    async def normal_load() -> dict:
        await asyncio.sleep(0.5)  # let the expensive queries take their workers first
        try:
            return (await run_load(base, normal, concurrency))[1]
        finally:
            done.set()

    async with client_for(base, expensive_clients) as client:
        clients = [asyncio.create_task(expensive_client(client, i)) for i in range(expensive_clients)]
        outcome = await normal_load()
        await asyncio.gather(*clients)
    return outcome, heavy


CHAPTERS = ["/rules/702", "/rules/702?page=2", "/rules/701", "/rules/7", "/rules/1-9", "/api/rules/1-9",
            "/rules/1-9?page=5"]


async def run_beside(base: str, normal: list[tuple[str, str]], side: list[str], concurrency: int,
                     side_clients: int) -> tuple[dict, list[float], dict[int, int]]:
    """``normal`` requests while ``side_clients`` connections keep sending the ``side`` paths in turn:
    the normal outcome, the side requests' seconds and their statuses."""
    done = asyncio.Event()
    seconds: list[float] = []
    statuses: dict[int, int] = {}

    async def side_client(client: httpx.AsyncClient, offset: int) -> None:
        turn = offset
        while not done.is_set():
            start = time.perf_counter()
            status = await fetch(client, side[turn % len(side)])
            turn += 1
            seconds.append(time.perf_counter() - start)
            statuses[status] = statuses.get(status, 0) + 1

    async with client_for(base, side_clients) as client:
        tasks = [asyncio.create_task(side_client(client, i)) for i in range(side_clients)]
        await asyncio.sleep(0.5)
        try:
            outcome = (await run_load(base, normal, concurrency))[1]
        finally:
            done.set()
        await asyncio.gather(*tasks)
    return outcome, seconds, statuses


def cold(paths: list[str], count: int = 5000) -> list[str]:
    """``paths`` in turn, each with a query string of its own (``cold=N``): no answer is kept for it."""
    return [f"{p}{'&' if '?' in p else '?'}cold={n}" for n in range(count) for p in paths][:count]


def server_cpu(pid: int) -> float:
    """CPU seconds the server process ``pid`` and its workers have used (Linux's /proc; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as children:
            kids = [int(k) for k in children.read().split()]
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") + sum(server_cpu(k) for k in kids)


def generator_cpu() -> float:
    """CPU seconds this process (the load generator) has used."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def chapter_isolation(base: str, pid: int, requests: list[tuple[str, str]], beside_requests: list[tuple[str, str]],
                      concurrency: int, clients: int, cold_chapters: bool = False) -> None:
    """The mixed load alone, then (``beside_requests``, the same mix) while ``clients`` connections keep
    loading chapter pages and whole-rulebook ranges: each kind's p95 side by side (target: none rises
    more than 1.5x), beside the floor of the stack (the stylesheet over as many clients)."""
    _, floor = asyncio.run(run_load(base, [("stylesheet", "/static/style.css")] * len(requests), concurrency))
    used, served = generator_cpu(), server_cpu(pid)
    elapsed, alone = asyncio.run(run_load(base, requests, concurrency))
    used, served = generator_cpu() - used, server_cpu(pid) - served
    chapters = cold(CHAPTERS) if cold_chapters else CHAPTERS
    served_beside = server_cpu(pid)
    beside, seconds, statuses = asyncio.run(run_beside(base, beside_requests, chapters, concurrency, clients))
    served_beside = server_cpu(pid) - served_beside
    print(f"\nchapter pages: {len(requests)} mixed requests over {concurrency} clients, alone, then "
          f"{len(beside_requests)} others of the same mix while {clients} clients load {', '.join(CHAPTERS)}"
          + (" (each with a query string of its own: none kept)" if cold_chapters else ""))
    print(f"  alone: {len(requests) / elapsed:.0f} requests/s; the load generator used {used / len(requests) * 1000:.1f} ms "
          f"of CPU per request on the server's cores")
    print(f"  server CPU per mixed request (its workers, chapter pages' included): alone "
          f"{served / len(requests) * 1000:.1f} ms, beside {served_beside / len(beside_requests) * 1000:.1f} ms "
          f"(a measure the machine's other load moves less than latencies)")
    print(f"  {'kind':<14}{'p95 alone':>10}{'p95 beside':>12}{'ratio':>8}{'errors':>8}")
    worst = 0.0
    for kind in sorted(alone["latency"]):
        a = percentile(alone["latency"][kind], .95) * 1000
        b = percentile(beside["latency"].get(kind, [0]), .95) * 1000
        worst = max(worst, b / a if a else 0)
        errors = alone["errors"].get(kind, 0) + beside["errors"].get(kind, 0)
        print(f"  {kind:<14}{a:>10.1f}{b:>12.1f}{b / a if a else 0:>7.2f}x{errors:>8}")
    for line in (alone["failed"] + beside["failed"])[:5]:
        print(f"  not 200: {line}")
    ms = [v * 1000 for v in seconds] or [0]
    print(f"  chapter pages: {len(seconds)} answered ({', '.join(f'{n} x {s}' for s, n in sorted(statuses.items()))}), "
          f"p50 {percentile(ms, .5):.0f} ms, p95 {percentile(ms, .95):.0f} ms, longest {max(ms):.0f} ms")
    card = percentile(beside["latency"].get("card page", [0]) + alone["latency"].get("card page", [0]), .95) * 1000
    css = [v * 1000 for v in floor["latency"]["stylesheet"]]
    print(f"  floor (baseline): the stylesheet alone over {concurrency} clients, no knowledge base work: "
          f"p50 {percentile(css, .5):.0f} ms, p95 {percentile(css, .95):.0f} ms")
    print(f"  targets: worst p95 ratio {worst:.2f}x (<= 1.5x: {'met' if worst <= 1.5 else 'MISSED'}); "
          f"card page p95 {card:.0f} ms, alone and beside (<= 150 ms: {'met' if card <= 150 else 'MISSED'}; "
          f"the floor's p95 {percentile(css, .95):.0f} ms); "
          f"errors {sum(alone['errors'].values()) + sum(beside['errors'].values())} (target 0)")


def card_requests(kb_dir: Path, count: int, seed: int = 13) -> list[tuple[str, str]]:
    """``count`` card pages as a judge opens them, each card once: by English name, by Italian or French
    printed name, by a short name (a legendary card's name before its comma: Ragavan) and by a typo
    (one letter of the English name dropped)."""
    from kb.store import KnowledgeBase

    kb = KnowledgeBase.open(kb_dir)
    records = [r.card for r in kb.cards(sorted(kb.active_ids()))]
    kb.close()
    rng = random.Random(seed)
    rng.shuffle(records)
    out, seen = [], set()
    kinds = ["english", "italian", "french", "short", "typo"]
    for card in records:
        if len(out) >= count or card.name in seen:
            continue
        seen.add(card.name)
        kind = kinds[len(out) % len(kinds)]
        names = {lang: name for lang, name, *_ in card.foreign if name}
        if kind in ("italian", "french"):
            name = names.get(kind[:2])
        elif kind == "short":
            name = card.name.split(",")[0] if "," in card.name else None
        elif kind == "typo":
            at = rng.randrange(1, len(card.name) - 1) if len(card.name) > 6 else None
            name = card.name[:at] + card.name[at + 1:] if at else None
        else:
            name = card.name
        if name:
            out.append((f"card {kind}", "/cards/" + quote(name, safe="")))
    return out


def card_pages_one_client(base: str, kb_dir: Path, count: int) -> None:
    """Card pages as one judge opens them (issue 33: <= 150 ms p95 on the archive knowledge base), each a
    page never opened before, beside the floor of the stack (the stylesheet, one client)."""
    requests = card_requests(kb_dir, count)
    _, floor = asyncio.run(run_load(base, [("stylesheet", "/static/style.css")] * 100, 1))
    elapsed, outcome = asyncio.run(run_load(base, requests, 1))
    report(f"card pages, one client, {len(requests)} cards each opened once", elapsed, outcome, len(requests))
    every = [v for values in outcome["latency"].values() for v in values]
    css = floor["latency"]["stylesheet"]
    p95 = percentile(every, .95) * 1000
    print(f"  all card pages: p50 {percentile(every, .5) * 1000:.1f} ms, p95 {p95:.1f} ms "
          f"(<= 150 ms: {'met' if p95 <= 150 else 'MISSED'}); floor (baseline, the stylesheet, one client): "
          f"p50 {percentile(css, .5) * 1000:.1f} ms, p95 {percentile(css, .95) * 1000:.1f} ms")


def search_isolation(base: str, count: int, concurrency: int, expensive_clients: int, varied: bool = False,
                     seed: int = 11) -> None:
    """Normal searches alone and under a mix of expensive queries, side by side (see the module docstring)."""
    rng = random.Random(seed)
    normal = [("search api", "/api/search?q=" + quote(rng.choice(WORDS)) + "&limit=10") for _ in range(count)]
    asyncio.run(run_load(base, normal[:50], concurrency))  # warm
    _, alone = asyncio.run(run_load(base, normal, concurrency))
    expensive, limit = (VARIED, None) if varied else (ATTACK, ATTACK_LIMIT)
    mixed, heavy = asyncio.run(run_mix(base, normal, expensive, concurrency, expensive_clients, limit))
    alone_ms = [v * 1000 for v in alone["latency"]["search api"]]
    mixed_ms = [v * 1000 for v in mixed["latency"]["search api"]]
    heavy_ms = [v * 1000 for v in heavy["latency"].get("expensive", [0])]
    ratio = percentile(mixed_ms, .95) / percentile(alone_ms, .95)
    longest = max(mixed_ms + heavy_ms)
    five_xx = sum(alone["errors"].values()) + sum(mixed["errors"].values()) + sum(heavy["errors"].values())
    statuses = ", ".join(f"{n} x {status}" for status, n in sorted(heavy["statuses"].items()))
    what = "varied expensive queries" if varied else f"prefix alternatives (limit {limit})"
    print(f"\nsearch isolation: {count} normal searches over {concurrency} clients, alone, then while "
          f"{expensive_clients} clients send {what}")
    print(f"  {'normal search':<16}{'alone':>10}{'under mix':>12}{'ratio':>8}")
    for name, q in (("p50 ms", .5), ("p95 ms", .95)):
        print(f"  {name:<16}{percentile(alone_ms, q):>10.1f}{percentile(mixed_ms, q):>12.1f}"
              f"{percentile(mixed_ms, q) / percentile(alone_ms, q):>7.1f}x")
    print(f"  expensive queries: {statuses} (400 = stopped by the time budget or refused); "
          f"p50 {percentile(heavy_ms, .5):.0f} ms, p95 {percentile(heavy_ms, .95):.0f} ms")
    print(f"  targets: normal p95 ratio {ratio:.1f}x (<= 3x: {'met' if ratio <= 3 else 'MISSED'}); "
          f"longest request of the mix {longest / 1000:.2f} s (<= 5 s: {'met' if longest <= 5000 else 'MISSED'}); "
          f"5xx or failed answers {five_xx} (target 0)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(title: str, elapsed: float, outcome: dict, total: int) -> None:
    print(f"\n{title}: {total} requests in {elapsed:.2f} s = {total / elapsed:.0f} requests/s")
    print(f"  {'kind':<14}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for kind, values in sorted(outcome["latency"].items()):
        print(f"  {kind:<14}{len(values):>7}{percentile(values, .5) * 1000:>9.1f}{percentile(values, .95) * 1000:>9.1f}"
              f"{percentile(values, .99) * 1000:>9.1f}{outcome['errors'].get(kind, 0):>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kb", type=Path, default=None, help="an existing knowledge base folder")
    parser.add_argument("--scale", action="store_true", help="build from the 580-set MTGJSON archive too")
    parser.add_argument("--search-requests", type=int, default=1000, help="normal searches in the isolation test")
    parser.add_argument("--search-concurrency", type=int, default=4)
    parser.add_argument("--expensive-clients", type=int, default=2)
    parser.add_argument("--varied", action="store_true", help="varied expensive queries instead of the attack's")
    parser.add_argument("--isolation-only", action="store_true", help="only the search isolation test")
    parser.add_argument("--chapters-only", action="store_true", help="only the chapter pages test")
    parser.add_argument("--chapter-clients", type=int, default=2, help="clients loading chapter pages")
    parser.add_argument("--cards-only", action="store_true", help="only the card pages of one client")
    parser.add_argument("--card-pages", type=int, default=300, help="card pages one client opens")
    parser.add_argument("--cold-chapters", action="store_true",
                        help="a query string of its own on each chapter request (no kept page answers it)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtgkb-load-") as tmp:
        kb_dir = args.kb or build_kb(Path(tmp), args.scale)
        process, base = start_server(kb_dir, args.workers)
        try:
            health = httpx.get(base + "/api/health").json()
            print(f"server {base}, {args.workers} workers; {health['counts']['rules']} rule texts, "
                  f"{health['counts']['cards']} cards; search {'on' if health['search'] else 'NOT in this build'}")
            if args.cards_only:
                card_pages_one_client(base, kb_dir, args.card_pages)
                return
            if args.isolation_only:
                if health["search"]:
                    search_isolation(base, args.search_requests, args.search_concurrency, args.expensive_clients,
                                     args.varied)
                return
            requests = plan(kb_dir, args.requests, health["search"])
            beside = plan(kb_dir, args.requests, health["search"], seed=8)  # the same mix, other pages
            # warm every worker and thread, with pages of neither run
            asyncio.run(run_load(base, plan(kb_dir, 200, health["search"], seed=5), args.concurrency))
            if args.chapters_only:
                card_pages_one_client(base, kb_dir, args.card_pages)
                chapter_isolation(base, process.pid, requests, beside, args.concurrency, args.chapter_clients,
                                  args.cold_chapters)
                return
            elapsed, outcome = asyncio.run(run_load(base, requests, args.concurrency))
            report("mixed load", elapsed, outcome, len(requests))
            baseline = [("stylesheet", "/static/style.css")] * len(requests)
            b_elapsed, b_outcome = asyncio.run(run_load(base, baseline, args.concurrency))
            report("baseline (same load, stylesheet only: no knowledge base work)", b_elapsed, b_outcome,
                   len(baseline))
            rule_p95 = percentile(outcome["latency"].get("rule page", [0]), .95) * 1000
            search_p95 = max([percentile(outcome["latency"][k], .95) * 1000 for k in ("search api", "search page")
                              if k in outcome["latency"]] or [0])
            errors = sum(outcome["errors"].values())
            print(f"\ntargets: errors {errors} (target 0); rule page p95 {rule_p95:.1f} ms (target < 100); "
                  + (f"search p95 {search_p95:.1f} ms (target < 250)" if health["search"]
                     else "search not measured (not in this build)"))
            chapter_isolation(base, process.pid, requests, beside, args.concurrency, args.chapter_clients,
                              args.cold_chapters)
            if health["search"]:
                search_isolation(base, args.search_requests, args.search_concurrency, args.expensive_clients,
                                 args.varied)
        finally:
            process.terminate()
            process.wait(timeout=15)


if __name__ == "__main__":
    main()
