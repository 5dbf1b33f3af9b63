"""Home: what the explorer is, a map of machine learning, a card per page, and how to use it in a lecture."""

import streamlit as st

from ui.frame import page_frame
from ui.i18n import t
from ui.registry import LEARNING_MAP
from ui.registry import PAGES
from ui.registry import SECTIONS
from ui.registry import TASK_MAP
from ui.registry import streamlit_page


def learning_map() -> None:
    """Four kinds of learning, five tasks, then generative vs discriminative and frequentist vs Bayesian."""
    pages = {p.key: p for p in PAGES}
    st.subheader(t("home.map_heading"))
    for row in (LEARNING_MAP[:4], TASK_MAP[:2], TASK_MAP[2:], LEARNING_MAP[4:]):  # tasks: 2 supervised, 3 not
        for col, (idea, keys) in zip(st.columns(len(row)), row, strict=True):
            with col.container(border=True):
                st.markdown(f"**{t(f'home.map.{idea}')}**")
                st.caption(t(f"home.map.{idea}.what"))
                for key in keys:
                    if key in pages:
                        st.page_link(streamlit_page(pages[key]), icon=pages[key].icon)


ctx = page_frame("home")
st.markdown(t("home.what"))
learning_map()

for section in SECTIONS:
    pages = [p for p in PAGES if p.section == section]
    if not pages:
        continue
    st.subheader(t(f"section.{section}"))
    columns = st.columns(3)
    for i, page in enumerate(pages):
        with columns[i % 3].container(border=True):
            if page.thumbnail.exists():
                st.image(str(page.thumbnail), width="stretch")
            st.markdown(f"**{t(f'{page.key}.nav')}**")
            st.caption(t(f"{page.key}.card"))
            st.page_link(streamlit_page(page), label=t("home.open"), icon=page.icon)

st.subheader(t("home.lecture_heading"))
st.markdown(t("home.lecture"))
st.subheader(t("home.sources_heading"))
st.markdown(t("home.sources"))
