"""Our custom components (Streamlit components v2): the chart (``chart_component/chart.js``, see
:mod:`ui.charts`) and the formula list (``formula_component/formulas.js``, see :mod:`ui.explain`).

Each keeps its DOM node between reruns and redraws only what changed. Their libraries are the copies
the installed packages ship: plotly.js from ``plotly``, KaTeX from Streamlit's own frontend (the
rehype-katex chunk its ``st.latex`` loads). Nothing is downloaded. ``CachedLibraries``, the
server's middleware (serve.py), sends those libraries' files once per browser instead of on every
page load.
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import hashlib
import weakref
from pathlib import Path

import plotly
import streamlit as st
from starlette.datastructures import Headers
from streamlit.components.v2 import component
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig
from streamlit.components.v2.manifest_scanner import ComponentManifest

CHART = "ml_explorer.chart"
FORMULAS = "ml_explorer.formulas"
STREAMLIT_JS = Path(st.__file__).parent / "static" / "static" / "js"
# Streamlit serves a component's files only from an installed package's declared asset folder;
# the app is not installed, so its folders are declared here, on the running Streamlit.
MANIFESTS = (  # (manifest, the folder its asset_dir is in)
    (ComponentManifest("ml_explorer", "1", [ComponentConfig("chart", "chart_component"),
                                            ComponentConfig("formulas", "formula_component")]),
     Path(__file__).parent),
    (ComponentManifest("ml_explorer_plotly", "1", [ComponentConfig("js", "package_data")]),
     Path(plotly.__file__).parent),
    (ComponentManifest("ml_explorer_katex", "1", [ComponentConfig("js", STREAMLIT_JS.name)]),
     STREAMLIT_JS.parent),
)
# The URL folders of the libraries' files (serve.py keeps them in memory and lets browsers cache them)
LIBRARY_ROUTES = tuple(f"/_stcore/bidi-components/{manifest.name}.{config.name}/"
                       for manifest, _ in MANIFESTS[1:] for config in manifest.components)
FILES = {CHART: dict(js="chart.js"), FORMULAS: dict(js="formulas.js", css="formulas.css")}
_MOUNTS = weakref.WeakKeyDictionary()  # Streamlit runtime's component manager → {name: mount function}


@functools.cache
def katex_module() -> str | None:
    """The file name of Streamlit's rehype-katex chunk (the KaTeX its ``st.latex`` typesets with, whose
    stylesheet Streamlit loads), or None if this Streamlit has none (formulas then use ``st.latex``).
    Looked up once: the installed Streamlit does not change while the app runs."""
    found = sorted(STREAMLIT_JS.glob("rehype-katex.*.js"))
    return found[0].name if len(found) == 1 else None


def mounted(name: str):
    """The mount function of component ``name`` (CHART, FORMULAS), declared on this Streamlit runtime
    if it is not yet."""
    manager = get_bidi_component_manager()
    if manager not in _MOUNTS:
        for manifest, root in MANIFESTS:
            manager.register_from_manifest(manifest, root)
        _MOUNTS[manager] = {key: component(key, isolate_styles=False, **files)
                            for key, files in FILES.items()}
    return _MOUNTS[manager][name]


REPLACED_HEADERS = (b"content-length", b"cache-control", b"content-encoding", b"vary")


class CachedLibraries:
    """ASGI middleware: GETs of the library components' files (``LIBRARY_ROUTES``) answered from
    memory, read and gzipped once per process, with an ETag (If-None-Match gets a bodiless 304)."""

    def __init__(self, app):
        self.app = app
        # URL path → the task reading it: (headers, body, gzipped body, ETag), shared by the requests
        # that come while it is read (a lecture hall opening the app at once gzips each file once)
        self.files = {}

    async def __call__(self, scope, receive, send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope["method"] != "GET" or not any(r in path for r in LIBRARY_ROUTES):
            await self.app(scope, receive, send)
            return
        if path not in self.files:
            self.files[path] = asyncio.ensure_future(self._read(scope))
        try:
            found = await self.files[path]
        except Exception:  # the next request tries again
            self.files.pop(path, None)
            raise
        if found is None:  # not a file: Streamlit answers, and nothing is kept
            self.files.pop(path, None)
            await self.app(scope, receive, send)
            return
        headers, body, gzipped, etag = found
        request = Headers(scope=scope)
        status, headers = 200, [*headers, (b"etag", etag.encode()), (b"vary", b"Accept-Encoding")]
        if etag in request.get("if-none-match", ""):
            status, body = 304, b""
        elif "gzip" in request.get("accept-encoding", ""):
            body, headers = gzipped, [*headers, (b"content-encoding", b"gzip")]
        await send({"type": "http.response.start", "status": status,
                    "headers": [*headers, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def _read(self, scope):
        """The file as Streamlit serves it uncompressed, to be revalidated on every use
        (``no-cache``: a new plotly keeps its file name), its gzip and its ETag; None if not found."""
        asked = {**scope, "headers": [(k, v) for k, v in scope["headers"]
                                       if k not in (b"accept-encoding", b"if-none-match")]}
        start, chunks = {}, []

        async def keep(message):
            if message["type"] == "http.response.start":
                start.update(message)
            else:
                chunks.append(message.get("body", b""))

        async def nothing():  # a GET has no body to receive
            return {"type": "http.request", "body": b"", "more_body": False}

        await self.app(asked, nothing, keep)
        if start.get("status") != 200:
            return None
        body = b"".join(chunks)
        headers = [(k, v) for k, v in start["headers"] if k.lower() not in REPLACED_HEADERS]
        gzipped = await asyncio.to_thread(gzip.compress, body, 6)  # the event loop goes on meanwhile
        etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'
        return [*headers, (b"cache-control", b"no-cache")], body, gzipped, etag
