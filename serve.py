"""The server: ``streamlit run serve.py`` serves the app (app.py) with its libraries' files cached.

Streamlit sends a component's files on every page load in full (``Cache-Control: public`` with no
validator, streamlit/streamlit#5768) and gzips them anew each time: for plotly.js that is 4.8 MB and
~110 ms of the event loop that all sessions' reruns share, so a lecture hall opening the app at once
queues behind it. ``ui.components.CachedLibraries`` reads and gzips the files of plotly.js and KaTeX
once per process and sends them with an ETag: a browser that has them gets a bodiless 304.
``streamlit run app.py`` still works, without this.
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.components import CachedLibraries

app = st.App("app.py", middleware=[Middleware(CachedLibraries)])
