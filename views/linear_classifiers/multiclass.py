"""Multi-class classification from binary classifiers (Sugiyama §7.3, Figs 7.9–7.10; slides §2.9):
one-vs-rest, one-vs-one with voting, and error-correcting output codes.

Every strategy is shown as a code matrix (OvR the ±1 identity, OvO ternary); the map shades where
the decision is ambiguous (no or several OvR claims, OvO ties, equidistant code words), the vote
map shows the combined score, and one binary classifier can be flipped to see a code correct the
error. The ECOC panel decodes a code word by hand (the slides' worked example: C3).
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import ECOC
from algorithms import ECOC_EXAMPLE_CODE
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import OneVsOne
from algorithms import OneVsRest
from algorithms import code_min_distance
from algorithms import combine_binary_scores
from algorithms import ecoc_decode
from algorithms import exhaustive_code
from algorithms import ovo_code
from algorithms import ovo_vote_counts
from algorithms import ovr_code
from algorithms import random_code
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import percent
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import CLASS_COLORS
from views.linear_classifiers._cells import cell_grid
from views.linear_classifiers._codes import decode_panel
from views.linear_classifiers._codes import multiclass_formulas
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._controls import width_slider
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import show_map
from views.linear_classifiers._plane import DASHES
from views.linear_classifiers._plane import LINE_COLORS
from views.linear_classifiers._plane import PROB_COLORS
from views.linear_classifiers._plane import RES
from views.linear_classifiers._plane import add_hlines
from views.linear_classifiers._plane import contour_trace
from views.linear_classifiers._plane import curve_trace
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import mask_trace
from views.linear_classifiers._plane import region_trace
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import KERNEL_CENTRES
from views.linear_classifiers._problem import Problem
from views.linear_classifiers._problem import accuracy
from views.linear_classifiers._problem import centres_note
from views.linear_classifiers._problem import data_seed
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import test_toggle

STRATEGIES = ["ovr", "ovo", "ecoc"]
BASE_LEARNERS = ["logistic", "ls_linear", "ls_gaussian"]
CODES = ["exhaustive", "book", "random"]
DECODINGS = ["hamming", "euclidean"]
MAX_DRAWN = 12  # binary boundaries drawn (OvO with 10 classes has 45)
MAX_EXHAUSTIVE = 6  # the exhaustive code has 2^(c−1) − 1 columns
MODELS = {"ovr": OneVsRest, "ovo": OneVsOne, "ecoc": ECOC}


def make_base(base, h, lam):
    if base == "logistic":
        return LogisticRegression(lam=lam, max_iter=50)
    if base == "ls_linear":
        return LeastSquaresClassifier(kernel="linear", lam=lam)
    return LeastSquaresClassifier(h=h, lam=lam, n_centers=KERNEL_CENTRES)  # b < n centres, Sugiyama §2.2


@st.cache_data(max_entries=32, show_spinner=False)
def multiclass_scene(X, y, strategy, base, h, lam, code, grid, X_test):
    """The multi-class model and its binary scores on the grid, the data and the test data."""
    estimator = make_base(base, h, lam)
    model = ECOC(code_matrix=code, estimator=estimator) if strategy == "ecoc" else MODELS[strategy](estimator)
    model.fit(X, y)
    return (
        model,
        model.decision_function(grid).astype(np.float32),
        model.decision_function(X),
        None if X_test is None else model.decision_function(X_test),
    )


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    segmented = not ctx.projector
    with controls:
        labels = catalogue_labels("lc.strategies")
        strategy = choice(t("lc.strategy"), STRATEGIES, "lc.strategy", labels, horizontal=segmented)
        base = choice(t("lc.base"), BASE_LEARNERS, "lc.base", catalogue_labels("lc.bases_mc"))
        h = width_slider(base == "ls_gaussian")
        lam = lam_slider(t("lc.lam"), "lc.mc_lam", -4, 2, 0.1)
        code_name, decoding, word = "exhaustive", "hamming", ""
        if strategy == "ecoc":
            code_name = choice(t("lc.code"), CODES, "lc.code", catalogue_labels("lc.codes"))
            length = slider(t("lc.code_len"), 2, 15, 6, "lc.code_len") if code_name == "random" else 0
            labels = catalogue_labels("lc.decodings")
            decoding = choice(t("lc.decoding"), DECODINGS, "lc.decoding", labels, horizontal=segmented)
        show_test = test_toggle(prob)
    c = len(prob.classes)
    if base == "ls_gaussian":
        centres_note(main, len(prob.y))
    messages, code = [], None
    if strategy == "ecoc":
        if code_name == "book" and c != 4:
            messages.append(t("lc.book_code_needs_4", c=c))
            code_name = "exhaustive"
        if code_name == "exhaustive" and c > MAX_EXHAUSTIVE:
            messages.append(t("lc.exhaustive_too_big", c=c, limit=MAX_EXHAUSTIVE))
            code_name, length = "random", max(length, min(15, 2 * c))
        if code_name == "random":
            try:
                code = random_code(c, length, data_seed())
            except ValueError:
                main.error(t("error.fit", detail=t("lc.random_code_failed", c=c, m=length)))
                return
        else:
            code = np.array(ECOC_EXAMPLE_CODE) if code_name == "book" else exhaustive_code(c)
    n_classifiers = {"ovr": c, "ovo": c * (c - 1) // 2}.get(strategy, 0 if code is None else code.shape[1])
    with controls:
        options = ["none"] + [str(s + 1) for s in range(n_classifiers)]
        none_label = t("lc.flip_none")
        flip_text = choice(
            t("lc.flip"), options, "lc.flip", lambda v: none_label if v == "none" else f"f{v}", default="none"
        )
        flip = None if flip_text == "none" else int(flip_text) - 1
        if strategy == "ecoc":
            word = st.text_input(t("lc.word"), help=t("lc.word_help"), **bound("lc.word"))
    for message in messages:
        main.info(message)
    plane = make_plane(prob, RES)
    try:
        model, F, F_train, F_test = multiclass_scene(
            prob.X, prob.y, strategy, base, h, lam, code, plane.grid, prob.X_test
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    M = model.code_matrix_ if strategy == "ecoc" else {"ovr": ovr_code, "ovo": ovo_code}[strategy](c)

    def decide(scores):
        return combine_binary_scores(scores, strategy, M, decoding, flip)

    region, ambiguous, vote = decide(F)
    pred_train = prob.classes[decide(F_train)[0]]
    pred_test = None if F_test is None else prob.classes[decide(F_test)[0]]
    values = (-2.0, 2.0)
    axes = view_axes(plane, values, t("lc.score_axis"), rug=True)
    fig = base_figure(ctx.style, axes)
    fig.add_trace(region_trace(plane, region, c, values))
    fig.add_trace(mask_trace(plane, ambiguous, values))
    for s in range(min(n_classifiers, MAX_DRAWN)):
        name = classifier_name(s, M)
        color, dash = classifier_style(strategy, s, M)
        if plane.dims == 2:
            fig.add_trace(contour_trace(plane, F[:, s], 0.0, ctx.style, name, color, 0.6, dash))
        else:
            fig.add_trace(curve_trace(plane, np.clip(F[:, s], -2.2, 2.2), name, color, ctx.style, dash, 0.6))
    if plane.dims == 1:
        add_hlines(fig, [0.0], ctx.style, ["solid"])
    add_samples(fig, plane, prob, prob, ctx.style, show_test, values=values)
    with main:
        if c == 2:
            st.info(t("lc.two_classes_note"))
        show_map(fig, ctx, plane, axes, "lc.mc_chart")
        st.caption(t(f"lc.ambiguous_{strategy}"))
        if n_classifiers > MAX_DRAWN:
            st.caption(t("lc.drawn_first", k=MAX_DRAWN, m=n_classifiers))
        tiles = [
            (t("lc.n_classifiers"), str(n_classifiers)),
            (t("lc.train_acc"), percent(accuracy(pred_train, prob.y))),
            (t("lc.test_acc"), percent(accuracy(pred_test, prob.y_test))),
            (t("lc.ambiguous_share"), percent(float(np.mean(ambiguous)))),
            (t("lc.min_distance"), min_distance_text(M) if strategy == "ecoc" else "—"),
        ]
        metric_rows(tiles, ctx.projector, per_row=4)
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            vote_chart(plane, vote, strategy, ctx)
        with right:
            code_chart(M, prob, strategy, ctx)
        decoded = decode_panel(word, M, prob, decoding, code_name) if strategy == "ecoc" else None
    formula_panel(multiclass_formulas(strategy, c, decoded), ctx.projector)
    helpers = {"ovo": [ovo_vote_counts], "ecoc": [ecoc_decode]}.get(strategy, [])
    code_view(MODELS[strategy], *helpers, projector=ctx.projector)


def classifier_style(strategy: str, s: int, M) -> tuple[str, str]:
    """OvR: the colour of its class. OvO (a vs b): colour of a, dash of b. ECOC: a line palette."""
    if strategy == "ecoc":
        return LINE_COLORS[s % len(LINE_COLORS)], DASHES[(s // len(LINE_COLORS)) % len(DASHES)]
    a = int(np.flatnonzero(M[:, s] == 1)[0])
    if strategy == "ovr":
        return CLASS_COLORS[a % 6], "dash"
    b = int(np.flatnonzero(M[:, s] == -1)[0])
    return CLASS_COLORS[a % 6], DASHES[1 + b % (len(DASHES) - 1)]


def classifier_name(s, M) -> str:
    plus = [f"C{k + 1}" for k in np.flatnonzero(M[:, s] == 1)]
    minus = [f"C{k + 1}" for k in np.flatnonzero(M[:, s] == -1)]
    return t("lc.classifier_name", s=s + 1, plus=",".join(plus), minus=",".join(minus))


def min_distance_text(M) -> str:
    """The code's minimum distance d and the errors it corrects, ⌊(d − 1)/2⌋."""
    d = code_min_distance(M)
    return "—" if d is None else f"{d} → {max((d - 1) // 2, 0)}"


def vote_chart(plane, vote, strategy, ctx) -> None:
    title, unit = t(f"lc.vote_title_{strategy}"), t(f"lc.vote_unit_{strategy}")
    z = np.asarray(vote, dtype=float)
    height = int(ctx.style.figure_height * 0.8)
    if plane.dims == 2:
        fig = base_figure(ctx.style, view_axes(plane), title, height=height)
        fig.add_trace(
            go.Heatmap(
                x=plane.gx,
                y=plane.gy,
                z=z.reshape(plane.shape()).astype(np.float32),
                colorscale="Viridis",
                reversescale=strategy == "ecoc",
                hoverinfo="x+y+z",
                colorbar=dict(title=unit, thickness=14, dtick=1 if strategy != "ecoc" else None),
            )
        )
    else:
        axes = Axes(plane.x_range, (min(0, z.min()) - 0.2, z.max() + 0.5), plane.x_title, unit)
        fig = base_figure(ctx.style, axes, title, height=height)
        fig.add_trace(line_trace(Curve(unit, plane.gx, z, FIT_COLOR), ctx.style))
    chart(fig, key="lc.vote_chart")


def code_chart(M, prob: Problem, strategy, ctx) -> None:
    """The code matrix: one row per class, one column per binary classifier."""
    c, m = M.shape
    fig = cell_grid(
        M.astype(np.int8),
        np.where(M > 0, "+1", np.where(M < 0, "−1", "0")),
        [[0, PROB_COLORS[1]], [0.5, "#F2F2F2"], [1, PROB_COLORS[0]]],
        t(f"lc.code_title_{strategy}"),
        ctx.style,
        height=int(ctx.style.figure_height * 0.8),
        text_size=ctx.style.font_size,
        gap=2,
        zmin=-1,
        zmax=1,
    )
    fig.update_xaxes(
        tickvals=np.arange(m), ticktext=[f"f{s + 1}" for s in range(m)], side="top", range=[-0.5, m - 0.5]
    )
    fig.update_yaxes(
        tickvals=np.arange(c),
        ticktext=[plain(f"C{k + 1}: {prob.classes[k]}") for k in range(c)],
        range=[c - 0.5, -0.5],
        automargin=True,
    )
    chart(fig, key="lc.code_chart")
