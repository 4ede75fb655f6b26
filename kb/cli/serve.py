"""``mtgkb serve``: the read-only web API and pages (thin layer over :mod:`kb.web.app`).

Starlette, Jinja2 and uvicorn come with the optional extra ``mtgkb[web]``; they are
imported inside the command, so the rest of ``mtgkb`` never needs them.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..store import default_kb_dir
from .options import info, kb_option, open_kb


@click.command()
@kb_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (give 0.0.0.0 only behind a firewall or a reverse proxy).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="TCP port.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes; they share the knowledge base folder read-only.")
@click.option("--root-path", default="", metavar="PATH",
              help="URL prefix when a reverse proxy serves the site under a sub-path (e.g. /mtgkb).")
@click.option("--access-log/--no-access-log", default=False, show_default=True, help="Log every request.")
def serve(kb_dir: Path | None, host: str, port: int, workers: int, root_path: str, access_log: bool) -> None:
    """Serve the knowledge base over HTTP: JSON API and web pages, read-only.

    \b
    Pages: /  /search?q=  /rules/701.38a  /glossary  /cards/NAME
    API:   /api/rules/400.7  /api/search?q=  /api/terms?q=  /api/cards/NAME
           /api/diff?old=&new=  /api/health  (description: /openapi.json)

    \b
    Examples:
      mtgkb serve                         http://127.0.0.1:8000/
      mtgkb serve --port 8080 --workers 4
    """
    try:
        import uvicorn

        from kb.web.app import SERVER_OPTIONS  # (Starlette and Jinja2 present?)
        from kb.web.server import http_protocol
    except ImportError as exc:
        raise click.ClickException(f"the web server needs the optional extra: pip install 'mtgkb[web]' ({exc})")
    directory = Path(kb_dir or default_kb_dir()).resolve()
    open_kb(kb_dir).close()  # the default folder is built from the embedded corpus on first use
    os.environ["MTGKB_SERVE_KB"] = str(directory)
    info(f"Serving {directory} on http://{host}:{port}{root_path}/ with {workers} worker(s); Ctrl+C stops.")
    uvicorn.run("kb.web.app:create_app_from_env", factory=True, host=host, port=port, workers=workers,
                root_path=root_path, access_log=access_log, log_level="warning", proxy_headers=True, http=http_protocol(), **SERVER_OPTIONS)
