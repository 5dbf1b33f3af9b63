"""Exports in a real browser: each file is downloaded and parsed (data CSV, settings JSON, formulas
as LaTeX, a figure as PNG and as SVG from the chart's own camera button)."""

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.browser.conftest import wait_for_app


def download(page, locator) -> tuple[str, bytes]:
    with page.expect_download() as info:
        locator.click()
    return info.value.suggested_filename, Path(info.value.path()).read_bytes()


def camera(page):
    """The camera button of the first chart (the toolbar shows on hover)."""
    chart = page.locator("[data-testid='stMain'] .js-plotly-plot").first
    chart.hover()
    return chart.locator(".modebar-btn[data-title^='Download plot']")


def test_every_export_downloads_a_file_that_parses(server, page):
    page.goto(f"{server}/decision_trees?tree.view=table&tree.depth=2")
    wait_for_app(page, timeout=90_000)  # a fresh server's first page
    page.locator("[data-testid='stSidebar'] summary", has_text="Export").click()
    sidebar = page.locator("[data-testid='stSidebar']")

    name, data = download(page, sidebar.get_by_role("button", name="Data (CSV)", exact=True))
    table = list(csv.reader(io.StringIO(data.decode())))
    assert name == "tree-data.csv" and len(table) == 16
    assert table[0] == ["age", "has job", "owns house", "credit rating", "loan approved"]
    assert table[1] == ["youth", "no", "no", "fair", "no"]  # Li Hang Table 5.1, row 1, by name

    name, data = download(page, sidebar.get_by_role("button", name="Settings (JSON)", exact=True))
    settings = json.loads(data)
    assert name == "tree-settings.json" and settings["page"] == "tree"
    assert settings["settings"]["tree.depth"] == 2 and settings["settings"]["tree.view"] == "table"

    name, data = download(page, page.get_by_role("button", name="Formulas as LaTeX"))
    tex = data.decode()
    assert name == "formulas.tex" and tex.count(r"\[") >= 3 and r"\end{document}" in tex
    assert "0.971" in tex  # H(D) of the loan table, Li Hang Example 5.2

    name, data = download(page, camera(page))
    assert name.endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n"

    sidebar.get_by_text("Camera button saves SVG (else PNG)").click()
    wait_for_app(page)
    name, data = download(page, camera(page))
    root = ET.fromstring(data)
    assert name.endswith(".svg") and root.tag.endswith("svg") and len(list(root.iter())) > 20
