"""The home page's map of machine learning (Sugiyama §1.1–1.3) as a user sees it (AppTest)."""

import pytest

from tests.app.apptools import open_page
from ui.registry import LEARNING_MAP
from ui.registry import PAGES
from ui.registry import TASK_MAP

URL_PATHS = {page.url_path: page for page in PAGES}


def map_links(at) -> list:
    """The map's page links (the cards below link with the label "Open" / "打开")."""
    cards = len(PAGES)
    links = list(at.get("page_link"))
    return links[: len(links) - cards]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_map_link_opens_an_existing_page(lang):
    at = open_page("home.py", lang=lang)
    assert not at.exception
    links = map_links(at)
    expected = [key for _, keys in (*LEARNING_MAP[:4], *TASK_MAP, *LEARNING_MAP[4:]) for key in keys]
    shown = [link.proto.page for link in links]
    assert shown == [p.url_path for key in expected for p in PAGES if p.key == key]
    for link in links:
        assert link.proto.page in URL_PATHS and URL_PATHS[link.proto.page].path.exists()


def test_the_map_names_kinds_tasks_and_approaches():
    """§1.1 kinds, §1.2 tasks (regression, classification, anomaly detection, clustering, reduction), §1.3."""
    at = open_page("home.py")
    bold = [m.value for m in at.markdown if m.value.startswith("**")]
    assert bold[4:9] == [f"**{title}**" for title in (
        "Regression", "Classification", "Anomaly detection", "Clustering", "Dimensionality reduction"
    )]
    assert bold[9:13] == ["**Discriminative**", "**Generative**", "**Frequentist**", "**Bayesian**"]


def test_the_map_in_chinese():
    at = open_page("home.py", lang="zh")
    bold = [m.value for m in at.markdown if m.value.startswith("**")]
    assert bold[4:9] == ["**回归**", "**分类**", "**异常检测**", "**聚类**", "**降维**"]
