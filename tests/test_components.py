"""ui.components: the formula component typesets with the KaTeX chunk of Streamlit's own st.latex; a
Streamlit without that chunk gets one st.latex per formula instead. The server's middleware sends the
libraries' files once per browser."""

import asyncio
import gzip
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.app.apptools import formulas
from tests.app.apptools import open_page
from ui import explain
from ui.components import STREAMLIT_JS
from ui.components import CachedLibraries
from ui.components import katex_module


def test_the_katex_of_st_latex_is_found_and_is_a_module_with_a_default_export():
    chunk = (STREAMLIT_JS / katex_module()).read_text()
    assert re.search(r"export\{\w+ as default\};?\s*$", chunk)
    assert "renderToString" in chunk


def test_without_streamlits_katex_chunk_the_formulas_are_st_latex(monkeypatch):
    with_component = formulas(open_page("mixtures.py", {"gmm.view": "em"}))
    monkeypatch.setattr(explain, "katex_module", lambda: None)
    at = open_page("mixtures.py", {"gmm.view": "em"})
    assert not at.exception
    assert formulas(at) == with_component and len(at.latex) == 6
    assert any(c.value.startswith("Source: CS229") for c in at.caption)


PLOTLY_JS = "/_stcore/bidi-components/ml_explorer_plotly.js/plotly.min.js"


class Streamlit:
    """Stands for Streamlit's server: serves a file body at PLOTLY_JS (gzipped if asked, as its
    middleware would), 404 elsewhere, and counts the requests that reach it; the first ``failures``
    requests raise."""

    def __init__(self, body: bytes):
        self.body, self.served, self.failures = body, [], 0

    async def __call__(self, scope, receive, send):
        self.served.append((scope["path"], dict(scope["headers"])))
        if self.failures:
            self.failures -= 1
            raise OSError("the disk hiccuped")
        if scope["path"] != PLOTLY_JS:
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b"not found"})
            return
        gzipped = b"gzip" in dict(scope["headers"]).get(b"accept-encoding", b"")
        headers = [(b"content-type", b"application/javascript"), (b"cache-control", b"public"),
                   (b"access-control-allow-origin", b"*")]
        await send({"type": "http.response.start", "status": 200,
                    "headers": headers + [(b"content-encoding", b"gzip")] * gzipped})
        await send({"type": "http.response.body", "body": gzip.compress(self.body) if gzipped else self.body})


def get(app, path: str, **headers) -> tuple[int, dict, bytes]:
    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path,
             "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]}
    with ThreadPoolExecutor(1) as thread:  # a loop of its own (Playwright's may run in this thread)
        thread.submit(asyncio.run, app(scope, None, send)).result()
    return sent[0]["status"], {k.decode(): v.decode() for k, v in sent[0]["headers"]}, sent[1]["body"]


def test_library_files_are_gzipped_once_and_revalidated_by_etag():
    body = b"/* plotly.js */" + bytes(range(256)) * 400
    streamlit = Streamlit(body)
    cached = CachedLibraries(streamlit)
    status, headers, sent = get(cached, PLOTLY_JS, accept_encoding="gzip, deflate")
    assert status == 200 and gzip.decompress(sent) == body and len(sent) < len(body)
    assert headers["content-encoding"] == "gzip" and headers["content-length"] == str(len(sent))
    assert headers["cache-control"] == "no-cache" and headers["access-control-allow-origin"] == "*"
    assert headers["content-type"] == "application/javascript" and headers["vary"] == "Accept-Encoding"
    etag = headers["etag"]
    assert get(cached, PLOTLY_JS, accept_encoding="gzip")[2] == sent  # from memory:
    assert get(cached, PLOTLY_JS)[2] == body  # ... Streamlit was asked once, for the plain file
    assert streamlit.served == [(PLOTLY_JS, {})]
    status, headers, sent = get(cached, PLOTLY_JS, if_none_match=etag, accept_encoding="gzip")
    assert (status, sent, headers["etag"]) == (304, b"", etag)
    assert get(cached, PLOTLY_JS, if_none_match='"an old plotly"')[:3:2] == (200, body)


def test_other_files_and_missing_library_files_go_to_streamlit_each_time():
    streamlit = Streamlit(b"")
    cached = CachedLibraries(streamlit)
    for path in ("/_stcore/bidi-components/ml_explorer.chart/chart.js",
                 "/_stcore/bidi-components/ml_explorer_plotly.js/missing.js") * 2:
        assert get(cached, path)[0] == 404
    assert len(streamlit.served) == 6 and cached.files == {}  # the missing file: tried, then passed on


def test_requests_that_come_while_a_library_file_is_read_share_its_one_gzip():
    body = bytes(range(256)) * 400
    streamlit = Streamlit(body)
    cached = CachedLibraries(streamlit)
    sent = []

    async def send(message):
        sent.append(message)

    async def hall():
        scope = {"type": "http", "method": "GET", "path": PLOTLY_JS,
                 "headers": [(b"accept-encoding", b"gzip")]}
        await asyncio.gather(*(cached(scope, None, send) for _ in range(30)))

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, hall()).result()
    assert len(streamlit.served) == 1
    bodies = [m["body"] for m in sent if m["type"] == "http.response.body"]
    assert len(bodies) == 30 and all(gzip.decompress(b) == body for b in bodies)


def test_a_library_file_whose_reading_failed_is_read_again_by_the_next_request():
    streamlit = Streamlit(b"plotly")
    streamlit.failures = 1
    cached = CachedLibraries(streamlit)
    with pytest.raises(OSError):
        get(cached, PLOTLY_JS)
    assert cached.files == {}
    assert get(cached, PLOTLY_JS)[::2] == (200, b"plotly")
