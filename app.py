"""ML Explorer: the entrypoint only builds the navigation (pages draw their own sidebar)."""

import streamlit as st

from ui.i18n import t
from ui.registry import HOME
from ui.registry import PAGES
from ui.registry import SECTIONS
from ui.registry import streamlit_page

st.set_page_config(
    page_title="ML Explorer", page_icon=":material/insights:", layout="wide", initial_sidebar_state="expanded"
)

navigation = {"": [streamlit_page(HOME)]}
for section in SECTIONS:
    pages = [streamlit_page(p) for p in PAGES if p.section == section]
    if pages:
        navigation[t(f"section.{section}")] = pages
st.navigation(navigation, expanded=True).run()  # every page in the menu, none behind "View more"
