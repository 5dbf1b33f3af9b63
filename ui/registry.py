"""The pages of the explorer, grouped by section (navigation and home-page cards read this)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from ui.i18n import t

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = (
    "regression",
    "classification",
    "trees",
    "unsupervised",
    "paradigms",
    "neural",
    "decisions",
    "theory",
)


@dataclass(frozen=True)
class PageInfo:
    """One page: catalogue prefix, file under ``pages/``, section, icon and stable URL path."""

    key: str
    file: str
    section: str
    icon: str
    url_path: str

    @property
    def path(self) -> Path:
        return ROOT / "pages" / self.file

    @property
    def views(self) -> tuple[str, ...]:
        """URL codes of the page's views: the modules of ``views/<file stem>/`` (see :mod:`ui.views`)."""
        folder = ROOT / "views" / Path(self.file).stem
        return tuple(sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")))

    @property
    def thumbnail(self) -> Path:
        return ROOT / "assets" / "thumbnails" / f"{self.url_path}.png"


HOME = PageInfo("home", "home.py", "", ":material/home:", "home")
# Every page of the plan, in menu order. URL paths equal file stems (see ui.frame).
PLANNED = (
    PageInfo("ls", "least_squares.py", "regression", ":material/show_chart:", "least_squares"),
    PageInfo("lc", "linear_classifiers.py", "classification", ":material/call_split:", "linear_classifiers"),
    PageInfo("gen", "generative.py", "classification", ":material/bubble_chart:", "generative"),
    PageInfo("svm", "svm.py", "classification", ":material/linear_scale:", "svm"),
    PageInfo("tree", "decision_trees.py", "trees", ":material/account_tree:", "decision_trees"),
    PageInfo("ens", "ensembles.py", "trees", ":material/forest:", "ensembles"),
    PageInfo("clu", "clustering.py", "unsupervised", ":material/workspaces:", "clustering"),
    PageInfo("gmm", "mixtures.py", "unsupervised", ":material/blur_on:", "mixtures"),
    PageInfo(
        "dr", "dimensionality_reduction.py", "unsupervised", ":material/compress:", "dimensionality_reduction"
    ),
    PageInfo("anom", "anomaly_detection.py", "unsupervised", ":material/crisis_alert:", "anomaly_detection"),
    PageInfo("sp", "sparse_learning.py", "regression", ":material/filter_alt:", "sparse_learning"),
    PageInfo("rob", "robust_regression.py", "regression", ":material/shield:", "robust_regression"),
    PageInfo(
        "glm",
        "generalised_linear_models.py",
        "regression",
        ":material/functions:",
        "generalised_linear_models",
    ),
    PageInfo(
        "sdr",
        "supervised_dimensionality_reduction.py",
        "classification",
        ":material/center_focus_strong:",
        "supervised_dimensionality_reduction",
    ),
    PageInfo("onl", "online_learning.py", "paradigms", ":material/stream:", "online_learning"),
    PageInfo("ssl", "semi_supervised.py", "paradigms", ":material/label:", "semi_supervised"),
    PageInfo("tl", "transfer_learning.py", "paradigms", ":material/swap_horiz:", "transfer_learning"),
    PageInfo("mtl", "multi_task.py", "paradigms", ":material/hub:", "multi_task"),
    PageInfo("nn", "neural_networks.py", "neural", ":material/neurology:", "neural_networks"),
    PageInfo("dl", "deep_learning.py", "neural", ":material/grid_on:", "deep_learning"),
    PageInfo("seq", "sequence_labelling.py", "decisions", ":material/timeline:", "sequence_labelling"),
    PageInfo(
        "rl", "reinforcement_learning.py", "decisions", ":material/smart_toy:", "reinforcement_learning"
    ),
    PageInfo("lt", "learning_theory.py", "theory", ":material/school:", "learning_theory"),
)
# The home page's map of machine learning (Sugiyama §1.1–1.3): the kinds of learning and the two choices
# of approach, each with the pages that show it.
LEARNING_MAP = (
    ("supervised", ("ls", "sp", "rob", "glm", "lc", "gen", "svm", "sdr", "tree", "ens", "nn", "dl")),
    ("unsupervised", ("clu", "gmm", "dr", "anom")),
    ("between", ("ssl", "tl", "mtl", "onl")),
    ("reinforcement", ("rl", "seq")),
    ("discriminative", ("lc", "svm", "tree", "nn")),
    ("generative", ("gen", "gmm")),
    ("frequentist", ("ls", "glm", "lt")),
    ("bayesian", ("gen", "lt")),
)
# The tasks of Sugiyama §1.2 (Figs 1.5–1.9), each with the pages that show it: two supervised, then
# three unsupervised (two rows of the same map).
TASK_MAP = (
    ("regression", ("ls", "sp", "rob", "glm")),
    ("classification", ("lc", "gen", "svm", "tree", "ens", "nn")),
    ("anomaly", ("anom",)),
    ("clustering", ("clu", "gmm")),
    ("reduction", ("dr", "sdr")),
)
# Only pages that exist are listed.
PAGES = tuple(page for page in PLANNED if page.path.exists())


def streamlit_page(page: PageInfo) -> st.Page:
    """The ``st.Page`` for navigation and links (title in the current language)."""
    if page is HOME:
        return st.Page(page.path, title=t("home.nav"), icon=page.icon, default=True)
    return st.Page(page.path, title=t(f"{page.key}.nav"), icon=page.icon, url_path=page.url_path)
