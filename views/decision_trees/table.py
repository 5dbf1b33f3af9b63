"""Tables of categories, such as the loan table (Li Hang Table 5.1; Examples 5.1–5.4, in English or
as printed in Chinese), Zhou's watermelon 2.0 or an own CSV whose text columns are categories: every
entropy, gain, gain ratio and Gini value of the selected node's samples next to the tree and the
book's printed numbers, ID3 / C4.5 / CART step by step, the if-then rules and both pruning algorithms.

Li Hang (5.7)–(5.10), Algorithms 5.1–5.4, (5.24)–(5.25), Algorithm 5.7; seed 003 §4.5 (missing
values: the gain scaled by ρ, samples sent down every branch with weights); seed 002 §2.6 (the
printed Algorithm 5.4 can miss the optimum).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import DecisionTreeClassifier
from algorithms import criterion_table
from algorithms import gini
from algorithms.trees import Tree
from ui.controls import number_slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import counts_text
from ui.explain import fmt
from ui.explain import number_no_minus_zero as number
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import stepper
from views.decision_trees._diagram import diagram_panel
from views.decision_trees._formulas import explanation
from views.decision_trees._formulas import impurity_tex
from views.decision_trees._grow import MAX_DEPTH
from views.decision_trees._grow import Grown
from views.decision_trees._grow import criterion_control
from views.decision_trees._grow import depth_control
from views.decision_trees._grow import error_of
from views.decision_trees._grow import grow
from views.decision_trees._grow import msl_control
from views.decision_trees._grow import tree_metrics
from views.decision_trees._growth import score_steps
from views.decision_trees._path import path_section
from views.decision_trees._text import level_name
from views.decision_trees._text import raw_name
from views.decision_trees._text import rule_lines

DATA = DataRequest("classification", None, "table_5_1", categorical=True)
MISSING = [0, 5, 10, 15, 20, 30, 40]
EPSILONS = [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5]
BOOK_ROOT = {  # Li Hang Examples 5.2 and 5.4, as printed (features A1..A4 of Table 5.1)
    "gain": [0.083, 0.324, 0.420, 0.363],
    "cond": [0.888, None, 0.551, 0.608],
    "gini": [[0.44, 0.48, 0.44], [0.32], [0.27], [0.36, 0.47, 0.32]],
}
# The printed Chinese table (table_5_1_zh) codes levels in order of first appearance: 信贷情况 is
# 一般, 好, 非常好 (fair, good, very good), so A4's Gini values are the English order reversed.
BOOK_ROOT_ZH = {**BOOK_ROOT, "gini": [[0.44, 0.48, 0.44], [0.32], [0.27], [0.32, 0.47, 0.36]]}
BOOK_D2 = {"gain": [0.251, 0.918, None, 0.474], "cond": [0.667, None, None, None], "gini": [[], [], [], []]}
D2_ROWS = (0, 1, 2, 4, 5, 6, 12, 13, 14)  # Example 5.3: samples 1, 2, 3, 5, 6, 7, 13, 14, 15


def with_missing(X, percent: int):
    """Hide ``percent`` % of the entries at random (seed 003 §4.5's missing values)."""
    out = np.array(X, dtype=float)
    out[np.random.default_rng(0).random(out.shape) < percent / 100] = np.nan
    return out


def categorical_columns(data) -> tuple[int, ...]:
    """Columns with level names, or (own data) at most 6 distinct whole numbers."""
    cats = data.categories or (None,) * data.X.shape[1]
    few = [len(np.unique(c)) <= 6 and bool(np.all(c == np.round(c))) for c in data.X.T]
    return tuple(j for j in range(data.X.shape[1]) if cats[j] is not None or few[j])


def book_values(data, rows, weights, missing) -> dict | None:
    """The book's printed numbers for the root (Examples 5.2, 5.4) and D₂ (Example 5.3) of Table 5.1."""
    whole = not np.any((weights > 0) & (weights < 1))
    ids = tuple(np.flatnonzero(rows).tolist()) if whole else None
    root = {"table_5_1": BOOK_ROOT, "table_5_1_zh": BOOK_ROOT_ZH}.get(data.name)
    known = {tuple(range(15)): root, D2_ROWS: BOOK_D2 if root else None}
    return known.get(ids) if not missing else None


def check_mark(label: str, value, printed, tol) -> str:
    return f"{label} {printed:g} {'✓' if abs(value - printed) <= tol else '✗'}"


def book_marks(fs, book: dict) -> str:
    """The printed gain, H(D|A) and Gini values of feature ``fs``, each ticked or crossed."""
    f = fs.feature
    printed = [("g", fs.gain, book["gain"][f]), ("H(D|A)", fs.conditional_entropy, book["cond"][f])]
    marks = [check_mark(label, value, p, 1.5e-3) for label, value, p in printed if p is not None]
    marks += [check_mark("Gini", v, p, 6e-3) for v, p in zip(fs.gini_binary, book["gini"][f], strict=False)]
    return "; ".join(marks)


def criterion_row(fs, data, chosen: int, book: dict | None, missing: bool) -> dict:
    """One row of the criterion table: feature ``fs``'s numbers, the book's, and its branches."""
    f = fs.feature
    levels = [level_name(data, f, v, raw=True) for v in fs.values]
    label = ("★ " if f == chosen else "") + f"A{f + 1} " + raw_name(data.feature_names[f])
    row = {
        t("tree.col.feature"): label,
        "H(D|A)": round(fs.conditional_entropy, 6) + 0.0,
        "g(D,A)": round(fs.gain, 6) + 0.0,
        "H_A(D)": round(fs.split_info, 6) + 0.0,
        "g/H_A(D)": round(fs.gain_ratio, 6) + 0.0,
        "g/H(D)": round(fs.gain_ratio_book, 6) + 0.0,
        "Gini(D,A=a)": " · ".join(f"{v}: {g:.3f}" for v, g in zip(levels, fs.gini_binary, strict=True)),
    }
    extra = ({"ρ": round(fs.rho, 4)} if missing else {}) | (
        {t("tree.col.book"): book_marks(fs, book)} if book else {}
    )
    branches = "; ".join(f"{v} {counts_text(c)}" for v, c in zip(levels, fs.branch_counts, strict=True))
    return row | extra | {t("tree.col.branches"): branches}


def gini_formulas(table, fs, A: str) -> list[Formula]:
    """Example 5.4: Gini(D) and Gini(D, A = a) for each level a (one for a binary feature)."""
    sizes = fs.branch_counts.sum(1)
    W = sizes.sum()
    rest = fs.branch_counts.sum(0) - fs.branch_counts
    return [Formula(impurity_tex(table.counts, "gini")[0], "Li Hang (5.24)")] + [
        Formula(
            rf"\mathrm{{Gini}}(D, {A} = a_{{{j + 1}}}) = \tfrac{{{sizes[j]:g}}}{{{W:g}}}\times"
            rf"{number(gini(fs.branch_counts[j]))} + \tfrac{{{W - sizes[j]:g}}}{{{W:g}}}\times"
            rf"{number(gini(rest[j]))} = {number(fs.gini_binary[j])}",
            "Li Hang (5.25), Example 5.4",
        )
        for j in range(len(sizes) if len(sizes) > 2 else 1)
    ]


def entropy_formulas(table, fs, A: str) -> list[Formula]:
    """Algorithm 5.1: H(D), H(D|A), g(D, A) (ρ-scaled with missing values) and both gain ratios."""
    sizes = fs.branch_counts.sum(1)
    W = sizes.sum()
    missing = fs.rho < 1
    parts = " + ".join(
        rf"\tfrac{{{n:g}}}{{{W:g}}}\times{number(h)}" for n, h in zip(sizes, fs.branch_entropy, strict=True)
    )
    h_known = fs.gain / fs.rho + fs.conditional_entropy if fs.rho > 0 else 0.0
    rho = rf"{number(fs.rho)}\times" if missing else ""
    return [
        Formula(
            impurity_tex(fs.branch_counts.sum(0), "entropy", r"\tilde D" if missing else "D")[0],
            "Li Hang (5.7), Algorithm 5.1 (1)",
        ),
        Formula(
            rf"H(D|{A}) = \sum_i \tfrac{{|D_i|}}{{|D|}}H(D_i) = {parts} = "
            rf"{number(fs.conditional_entropy)}",
            "Li Hang (5.8), Algorithm 5.1 (2)",
        ),
        Formula(
            rf"g(D,{A}) = {rho}\big[{number(h_known)} - {number(fs.conditional_entropy)}\big] = "
            rf"{number(fs.gain)}",
            "Li Hang (5.9)" + ("; seed 003 §4.5 (7)" if missing else ""),
        ),
        Formula(
            rf"\frac{{g(D,{A})}}{{H_A(D)}} = \frac{{{number(fs.gain)}}}{{{number(fs.split_info)}}} = "
            rf"{number(fs.gain_ratio)},\qquad \frac{{g(D,{A})}}{{H(D)}} = \frac{{{number(fs.gain)}}}"
            rf"{{{number(table.entropy)}}} = {number(fs.gain_ratio_book)}",
            t("tree.gain_ratio_both_source"),
        ),
    ]


def table_formulas(table, chosen: int, criterion: str) -> list[Formula]:
    """The Gini or the entropy formulas for the feature the node splits on (else the best one)."""
    if not table.features:
        return []
    f = chosen if chosen >= 0 else int(np.argmax([fs.gain for fs in table.features]))
    formulas = gini_formulas if criterion == "gini" else entropy_formulas
    return formulas(table, table.features[f], f"A_{{{f + 1}}}")


def table_controls(train) -> tuple[Grown | None, int]:
    depth = depth_control(MAX_DEPTH)
    criterion = criterion_control("entropy")
    msl = msl_control()
    eps = number_slider(t("tree.eps"), "tree.eps", EPSILONS, 0.0, t("tree.eps_help"))
    missing = number_slider(t("tree.missing"), "tree.missing", MISSING, 0, t("tree.missing_help"))
    X = with_missing(train.X, missing) if missing else train.X
    args = (X, train.y, criterion, depth, msl, float(eps), categorical_columns(train))
    return grow("classification", args, criterion, "c_alpha", train), missing


def table_main(ctx, g: Grown, missing: int):
    """Diagram, tiles, the node's criterion table, the steps and rules, the path; returns the table
    and the feature the node splits on (−1 at a leaf)."""
    data, tree = ctx.data.train, g.tree
    X, y = g.args[0], g.args[1]
    if not g.args[-1]:
        st.caption(t("tree.table_numeric_hint"))
    diagram_panel(ctx, g, data, width_px=900)
    weights = g.pruned.node_weights(X)[:, g.node]
    rows = weights > 0
    table = criterion_table(X[rows], y[rows], weights[rows])
    tree_metrics(
        g, [(t("tree.train_error"), fmt(error_of(g.pruned, X, y)))], [(t("tree.node_h"), fmt(table.entropy))]
    )
    st.markdown(f"**{t('tree.table_title', node=g.node, n=fmt(weights.sum(), 4))}**")
    chosen = -1 if tree.is_leaf[g.node] else int(tree.feature[g.node])
    book = book_values(data, rows, weights, missing)
    st.dataframe(
        pd.DataFrame([criterion_row(fs, data, chosen, book, missing > 0) for fs in table.features]),
        hide_index=True,
        width="stretch",
    )
    st.caption(t("tree.table_help", H=fmt(table.entropy, 4), gini=fmt(table.gini, 4)))
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        st.markdown(f"**{t('tree.id3_steps')}**")
        stepper("tree.grow", tree.n_splits + 1, score_steps(tree, data, g.criterion, ctx.style))
    with right:
        st.markdown(f"**{t('tree.rules')}**")
        st.code("\n".join(rule_lines(tree, data)), language=None, wrap_lines=True)
    path_section(g, X, y, None, None, ctx.style)
    return table, chosen


def render(ctx, controls, main) -> None:
    with controls:
        g, missing = table_controls(ctx.data.train)
    if g is None:
        return
    with main:
        table, chosen = table_main(ctx, g, missing)
    explanation(
        ctx,
        g,
        table_formulas(table, chosen, g.criterion),
        criterion_table,
        DecisionTreeClassifier,
        Tree.prune,
    )
