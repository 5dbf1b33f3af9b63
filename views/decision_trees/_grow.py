"""Growing and pruning the displayed tree: the cached fit, the shared controls (depth, leaf size,
criterion, pruning method, α, node) and the tiles every view shows (Li Hang §5.4, §5.5.2)."""

from dataclasses import dataclass

import numpy as np
import streamlit as st

from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms.trees import Tree
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import fmt
from ui.explain import metrics_row
from ui.i18n import t
from views.decision_trees._text import describe_node

CRITERIA = ["gini", "entropy", "gain_ratio", "gain_ratio_book"]
PRUNING = ["ccp", "c_alpha", "c_alpha_literal"]
MAX_DEPTH = 12
ALPHA_STEPS = (1, 1.5, 2, 3, 4, 5, 6, 8)


@dataclass
class Grown:
    """The fitted tree ``est`` (fit_tree's ``args``), its copy ``pruned`` at α by ``method``, the α
    options of the slider and the selected node."""

    est: DecisionTreeClassifier | DecisionTreeRegressor
    args: tuple
    task: str
    criterion: str
    method: str
    alpha: float
    pruned: DecisionTreeClassifier | DecisionTreeRegressor
    options: list
    node: int

    @property
    def tree(self) -> Tree:
        return self.pruned.tree_


@st.cache_data(max_entries=64, show_spinner=False)
def fit_tree(task: str, args: tuple):
    """A classification tree on (X, y, criterion, depth, msl, ε, categorical columns) or a regression
    tree on (X, y, depth, msl)."""
    if task == "regression":
        X, y, depth, msl = args
        return DecisionTreeRegressor(max_depth=depth, min_samples_leaf=msl).fit(X, y)
    X, y, criterion, depth, msl, eps, categorical = args
    return DecisionTreeClassifier(
        criterion=criterion,
        max_depth=depth,
        min_samples_leaf=msl,
        epsilon=eps,
        categorical_features=list(categorical) or None,
    ).fit(X, y)


def fit_or_warn(task: str, args: tuple):
    """fit_tree, or None once the reason no tree can be grown is shown."""
    try:
        return fit_tree(task, args)
    except ValueError as err:
        st.warning(t("tree.cannot_fit", detail=str(err)))


def error_of(est, X, y) -> float | None:
    """Misclassification rate or MSE of ``est`` on (X, y); None without data."""
    return None if X is None or y is None or len(y) == 0 else est.error(X, y)


def alpha_options(path) -> list[float]:
    """0 and a 1–1.5–2–3–4–5–6–8 grid spanning the path's breakpoints (the book's count scale)."""
    positive = path.ccp_alphas[path.ccp_alphas > 0]
    if not len(positive):
        return [0.0]
    hi = int(np.ceil(np.log10(positive.max() * 1.01))) + 1
    lo = max(int(np.floor(np.log10(positive.min()))), hi - 7)
    return [0.0] + [float(f"{m}e{e}") for e in range(lo, hi) for m in ALPHA_STEPS]


def cost_alpha(tree: Tree, alpha: float) -> float:
    """C_α(T) on the count scale (Li Hang (5.11))."""
    return tree.cost_complexity(alpha, normalize=False)


def depth_control(default: int) -> int:
    return slider(t("tree.depth"), 0, MAX_DEPTH, default, "tree.depth", help=t("tree.depth_help"))


def msl_control() -> int:
    return slider(t("tree.msl"), 1, 20, 1, "tree.msl", help=t("tree.msl_help"))


def criterion_control(default: str) -> str:
    return choice(
        t("tree.criterion"), CRITERIA, "tree.criterion", catalogue_labels("tree.criteria"), default=default
    )


def grow(task: str, args: tuple, criterion: str, default_method: str, train) -> Grown | None:
    """Fit (cached), then the pruning controls (method, α) and the node selector."""
    est = fit_or_warn(task, args)
    if est is None:
        return None
    method = choice(
        t("tree.prune"), PRUNING, "tree.prune", catalogue_labels("tree.prunes"), default=default_method
    )
    options = alpha_options(est.pruning_path(normalize=False))
    alpha = (
        number_slider(t("tree.alpha"), "tree.alpha", options, 0.0, t("tree.alpha_help"))
        if len(options) > 1
        else 0.0
    )
    pruned = est.prune(alpha, method, normalize=False)
    tree = pruned.tree_
    node = (
        slider(t("tree.node"), 0, tree.n_nodes - 1, 0, "tree.node", help=t("tree.node_help"))
        if tree.n_nodes > 1
        else 0
    )
    st.caption(describe_node(tree, node, train, task, criterion))
    return Grown(est, args, task, criterion, method, alpha, pruned, options, node)


def literal_note(g: Grown) -> None:
    """Algorithm 5.4 as printed can stop above the optimum: say so when it does (seed 002 §2.6)."""
    best = g.est.prune(g.alpha, "c_alpha", normalize=False) if g.method == "c_alpha_literal" else g.pruned
    if best.get_n_leaves() != g.pruned.get_n_leaves():
        st.info(
            t(
                "tree.literal_misses",
                literal=g.pruned.get_n_leaves(),
                best=best.get_n_leaves(),
                c_lit=fmt(cost_alpha(g.tree, g.alpha)),
                c_best=fmt(cost_alpha(best.tree_, g.alpha)),
            ),
            icon=":material/warning:",
        )


def tree_metrics(g: Grown, errors: list[tuple[str, str]], node_tiles: tuple | list = ()) -> None:
    """The tiles: ``errors``, |T|, depth, ``node_tiles`` and C_α(T); then the literal-pruning note."""
    size = [(t("tree.leaves"), str(g.tree.n_leaves)), (t("tree.depth_metric"), str(g.tree.max_depth))]
    metrics_row([*errors, *size, *node_tiles, (t("tree.cost"), fmt(cost_alpha(g.tree, g.alpha)))])
    literal_note(g)
