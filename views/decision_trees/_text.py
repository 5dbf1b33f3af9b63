"""Names and node text: features, levels and classes in the reader's language; a node's split,
impurity and counts; the path conditions and if-then rules of Li Hang §5.1.2."""

import re

import numpy as np

from algorithms.trees import Tree
from ui.explain import counts_text
from ui.explain import markdown_literal
from ui.figures import plain
from ui.i18n import catalogue
from ui.i18n import current_language
from ui.i18n import t


def raw_name(text) -> str:
    """A feature, level or class name: the catalogue's translation if there is one, else the text."""
    key = "tree.names." + re.sub(r"[^a-z0-9]+", "_", str(text).lower()).strip("_")
    return t(key) if key in catalogue(current_language()) else str(text)


def name(text) -> str:
    """raw_name for a figure (markup made plain)."""
    return plain(raw_name(text))


def level_name(data, f: int, code: float, raw: bool = False) -> str:
    """The name of level ``code`` of categorical feature f, else the number."""
    cats = data.categories[f] if data.categories is not None else None
    ok = cats is not None and float(code).is_integer() and 0 <= int(code) < len(cats)
    return (raw_name if raw else name)(cats[int(code)]) if ok else f"{code:g}"


def split_label(tree: Tree, i: int, data) -> str:
    """The test of node i: x ≤ s, A = a or (multiway) A?"""
    f, kind = int(tree.feature[i]), int(tree.kind[i])
    fname = name(data.feature_names[f])
    if kind == 1:
        return f"{fname} ≤ {tree.threshold[i]:.3g}"
    return f"{fname} = {level_name(data, f, tree.category[i])}" if kind == 2 else f"{fname}?"


def node_lines(tree: Tree, i: int, data, task: str, criterion: str) -> list[str]:
    """Split (or prediction), impurity and counts of node i."""
    imp = t("tree.imp." + ("mse" if task == "regression" else "gini" if criterion == "gini" else "entropy"))
    value = tree.impurity[i] + 0.0
    regression = task == "regression"
    leaf = bool(tree.is_leaf[i])
    head = (
        (f"ŷ = {tree.value[i, 0]:.4g}" if regression else "→ " + name(tree.labels[i]))
        if leaf
        else split_label(tree, i, data)
    )
    count = (
        (f"n = {tree.n_samples[i]}" + ("" if leaf else f", ȳ = {tree.value[i, 0]:.3g}"))
        if regression
        else counts_text(tree.stats[i])
    )
    return [head, f"{imp} = {value:.3f}" if abs(value) < 100 else f"{imp} = {value:.4g}", count]


def describe_node(tree: Tree, i: int, data, task: str, criterion: str) -> str:
    """The caption under the node selector: "#i (leaf, depth d): …"."""
    kind = t("tree.leaf") if tree.is_leaf[i] else t("tree.internal")
    text = markdown_literal(" · ".join(node_lines(tree, i, data, task, criterion)))
    return t("tree.node_caption", node=i, kind=kind, depth=int(tree.depth[i]), text=text)


def count_order(classes) -> str:
    """Which class each position of the count lists is."""
    return t("tree.count_order", classes=markdown_literal(", ".join(raw_name(c) for c in classes)))


def edge_labels(tree: Tree, i: int, data) -> list[str]:
    """The labels of the edges below node i: its levels (multiway) or yes / no."""
    if int(tree.kind[i]) == 3:
        return [level_name(data, int(tree.feature[i]), c) for c in tree.categories[i]]
    return [t("tree.yes"), t("tree.no")]


def condition(tree: Tree, parent: int, branch: int, data) -> str:
    """The test on the way from ``parent`` into child ``branch``: x ≤ s / x > s, A = a / A ≠ a, A = v."""
    f, kind = int(tree.feature[parent]), int(tree.kind[parent])
    fname = raw_name(data.feature_names[f])
    threshold = f"{fname} {'≤' if branch == 0 else '>'} {tree.threshold[parent]:.3g}"
    equals = f"{fname} {'=' if branch == 0 else '≠'} {level_name(data, f, tree.category[parent], raw=True)}"
    value = tree.categories[parent][branch] if kind == 3 else 0
    multiway = f"{fname} = {level_name(data, f, value, raw=True)}"
    return threshold if kind == 1 else equals if kind == 2 else multiway


def rule_lines(tree: Tree, data) -> list[str]:
    """The if-then rules of §5.1.2, one per leaf."""
    classify = tree.task == "classification"
    what = [raw_name(c) if classify else f"{c:.4g}" for c in tree.labels]
    paths = {int(leaf): tree.ancestors(leaf) for leaf in np.flatnonzero(tree.is_leaf)}
    conds = {
        leaf: f" {t('tree.and')} ".join(
            condition(tree, int(p), int(tree.branch[c]), data)
            for p, c in zip(path[:-1], path[1:], strict=True)
        )
        for leaf, path in paths.items()
    }
    return [t("tree.rule", what=what[leaf], conds=conds[leaf] or t("tree.always")) for leaf in paths]
