"""Categorical naive Bayes: Li Hang's Table 4.1, a table of text categories (the loan table 5.1 as
printed in Chinese, Zhou's watermelon 2.0, an own CSV with text columns) or continuous features cut
into bins; the estimated probability tables as the book prints them, with the level names, the exact
products for a query, and the plane of the first two features coloured by the predicted class (the
other features held at the query's values).

Li Hang §4.1–4.2 (Algorithm 4.1, (4.7); maximum likelihood (4.8), Example 4.1; Bayesian estimation
(4.10)/(4.11), Example 4.2); seed 003 §8.3 (Laplace correction).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import CategoricalNaiveBayes
from algorithms import equal_width_bins
from ui.charts import chart
from ui.controls import bound
from ui.controls import choice
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import approx_fraction
from ui.explain import book_fraction
from ui.explain import code_view
from ui.explain import exact_fraction
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_label
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import AXIS_STYLE
from ui.figures import Axes
from ui.figures import axis_layout
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.generative._common import class_names
from views.generative._common import enough_classes
from views.generative._common import error_rate
from views.generative._common import fitted

DATA = DataRequest("classification", None, "blobs", categorical=True)  # text columns are features
LAM_OPTIONS = [0.0, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_categorical(X_names, y, categories, lam: float):
    return CategoricalNaiveBayes(lam=lam, categories=categories).fit(X_names, y)


def is_categorical(train) -> bool:
    return train.categories is not None and all(c is not None for c in train.categories)


def discretise(train, bins: int):
    """Level names, codes and bin edges (None for a coded column): coded categories (the data panel's
    :func:`algorithms.tables.encode_categories` of text columns) as they are, number columns binned."""
    cats = train.categories or (None,) * train.X.shape[1]
    numeric = [j for j, c in enumerate(cats) if c is None]
    codes = np.asarray(train.X).astype(int)
    edges = [None] * len(cats)
    if numeric:
        binned, found = equal_width_bins(train.X[:, numeric], bins)
        codes[:, numeric] = binned
        for j, e in zip(numeric, found, strict=True):
            edges[j] = e
    levels = [list(c) if c is not None else [str(b + 1) for b in range(bins)] for c in cats]
    return levels, codes, edges


def level_names(codes, levels) -> np.ndarray:
    """The codes of every sample as the names of their levels (an object table)."""
    return np.column_stack([np.asarray(lv, dtype=object)[codes[:, j]] for j, lv in enumerate(levels)])


def render(ctx, controls, main):
    data = ctx.data
    train = data.train
    categorical = is_categorical(train)
    with controls:
        lam = number_slider(t("gen.lam"), "gen.lam", LAM_OPTIONS, 1.0, help=t("gen.lam_help"))
        bins = 4 if categorical else slider(t("gen.bins"), 2, 10, 4, "gen.bins", help=t("gen.bins_help"))
        drop4 = False
        if train.name == "table_4_1" and not data.edited:
            drop4 = st.toggle(t("gen.drop4"), help=t("gen.drop4_help"), **bound("gen.drop4"))
    levels, codes, edges = discretise(train, bins)
    y = np.asarray(train.y)
    if drop4:
        codes, y = np.delete(codes, 3, axis=0), np.delete(y, 3)
    defaults = ("2", "S") if categorical and train.name == "table_4_1" else [lv[0] for lv in levels]
    with controls:
        q = [
            choice(
                t("gen.query", j=j + 1, name=plain(train.feature_names[j])),
                levels[j],
                f"gen.q{j + 1}",
                str,
                default=defaults[j] if defaults[j] in levels[j] else levels[j][0],
            )
            for j in range(len(levels))
        ]
        if not categorical:
            st.caption(t("gen.bins_caption"))
    if not enough_classes(y):
        return
    X_names = level_names(codes, levels)
    model = fitted(main, fit_categorical, X_names, y, tuple(tuple(lv) for lv in levels), lam)
    if model is None:
        return
    names = class_names(model.classes_)
    scores = model.score_fractions(q)
    total = sum(scores)
    post = model.predict_proba(np.array([q], dtype=object))[0]
    pred = int(np.argmax(model.log_joint(np.array([q], dtype=object))[0]))
    grid_fig = grid_figure(model, train, codes, y, levels, edges, q, ctx) if len(levels) > 1 else None
    train_err = error_rate(model.predict(X_names), y)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        if grid_fig is not None:
            with left:
                chart(grid_fig, key="gen.nb_grid")
                if len(levels) > 2:
                    st.caption(t("gen.nb_grid_rest"))
        with right:
            chart(posterior_bars(post, names, ctx), key="gen.nb_posterior")
        metric_rows(
            [
                (t("gen.prediction"), names[pred]),
                (t("gen.post_pred"), fmt(float(post[pred]), 4)),
                (t("gen.train_error"), fmt(train_err, 3)),
                (t("gen.n_samples"), str(len(y))),
            ],
            ctx.projector,
        )
        if total == 0:
            st.warning(t("gen.all_zero"), icon=":material/warning:")
        elif any(s == 0 for s in scores):
            st.warning(t("gen.zero_product"), icon=":material/warning:")
        st.markdown(t("gen.tables_heading"))
        probability_tables(model, names)
        st.markdown(t("gen.products_heading"))
        products(model, names, q, scores, post)
    sizes = r",\ ".join(f"S_{{{j + 1}}} = {len(lv)}" for j, lv in enumerate(levels))
    formula_panel(
        [
            Formula(
                rf"P_\lambda(Y=c_k) = \frac{{\sum_i I(y_i=c_k)+\lambda}}{{N+K\lambda}},\ "
                rf"N = {len(y)},\ K = {len(names)},\ "
                rf"\lambda = {number(lam)}",
                "Li Hang §4.2.3, (4.11); λ = 0: (4.8), λ = 1: Laplace",
            ),
            Formula(
                rf"P_\lambda(X^{{(j)}}=a_{{jl}}\mid Y=c_k) = "
                rf"\frac{{\sum_i I(x_i^{{(j)}}=a_{{jl}},y_i=c_k)+\lambda}}"
                rf"{{\sum_i I(y_i=c_k)+S_j\lambda}},\ {sizes}",
                "Li Hang §4.2.3, (4.10)",
            ),
            Formula(
                r"y = \arg\max_{c_k} P(Y=c_k)\prod_j P(X^{(j)}=x^{(j)}\mid Y=c_k)",
                "Li Hang §4.1.1, (4.7); Algorithm 4.1",
            ),
        ],
        ctx.projector,
    )
    code_view(CategoricalNaiveBayes, projector=ctx.projector)


def posterior_bars(post, names, ctx) -> go.Figure:
    """P(Y = c_k | x) of the query, one bar a class."""
    c = len(names)
    bar_axes = Axes((-0.6, c - 0.4), (0, 1.05), t("gen.class_axis"), t("gen.posterior_bar_axis"))
    bar_trace = dict(
        type="bar",
        x=np.arange(c, dtype=float),
        y=np.asarray(post, float),
        showlegend=False,
        marker=dict(color=[CLASS_COLORS[k % len(CLASS_COLORS)] for k in range(c)]),
        text=[fmt(p, 3) for p in post],
        textposition="outside",
        cliponaxis=False,  # a label above a bar near 1, into the top margin if need be
    )
    return figure(
        ctx.style,
        None,
        t("gen.posterior_title"),
        [bar_trace],
        height=ctx.style.figure_height - 40,
        xaxis=axis_layout(
            bar_axes.x_range, bar_axes.x_title, tickvals=np.arange(c), ticktext=[plain(n) for n in names]
        ),
        yaxis=axis_layout(bar_axes.y_range, bar_axes.y_title),
    )


def probability_tables(model, names):
    """P_λ(Y) and every P_λ(X^(j) | Y) as unreduced fractions, as Li Hang prints them."""
    tables = model.probability_tables()
    classes = model.classes_.tolist()
    head = " & ".join(latex_label(n) for n in names)
    prior = " & ".join(book_fraction(tables["prior"][c]) for c in classes)
    tex = (
        rf"\begin{{array}}{{c|{'c' * len(classes)}}} Y = & {head} \\[2pt] \hline "
        rf"\rule{{0pt}}{{22pt}}P_\lambda(Y) & {prior} \end{{array}}"
    )
    st.latex(tex)
    for j, table in enumerate(tables["conditional"]):
        values = list(table)
        header = " & ".join(latex_label(v) for v in values)
        rows = r" \\[10pt] ".join(
            rf"Y = {latex_label(names[k])} & " + " & ".join(book_fraction(table[v][c]) for v in values)
            for k, c in enumerate(classes)
        )
        tex = (
            rf"P_\lambda(X^{{({j + 1})}}\mid Y):\quad \begin{{array}}{{c|{'c' * len(values)}}} "
            rf"X^{{({j + 1})}} = & {header} \\[2pt] \hline \rule{{0pt}}{{22pt}}{rows} \end{{array}}"
        )
        st.latex(tex)


def products(model, names, q, scores, post):
    """The query's product P(Y) Π_j P(x^(j) | Y) and posterior for every class, exactly."""
    tables = model.probability_tables()
    total = sum(scores)
    for k, c in enumerate(model.classes_.tolist()):
        factors = [book_fraction(tables["prior"][c])] + [
            book_fraction(tables["conditional"][j][q[j]][c]) for j in range(len(q))
        ]
        score = exact_fraction(scores[k]) + approx_fraction(scores[k], 3)
        post_text = (
            (exact_fraction(scores[k] / total) + approx_fraction(scores[k] / total, 4))
            if total
            else number(float(post[k]))
        )
        label = latex_label(names[k])
        tex = (
            rf"\begin{{aligned}}P(Y={label})"
            rf"\prod_j P(X^{{(j)}}=x^{{(j)}}\mid Y={label}) &= "
            + r"\cdot".join(factors)
            + rf" = {score}\\ P(Y={label}\mid x) &= {post_text}\end{{aligned}}"
        )
        st.latex(tex)


def rank_in_cell(codes) -> np.ndarray:
    """0 for the first sample of its cell, 1 for the second, … (in sample order)."""
    cell = codes[:, 0] * (codes[:, 1].max() + 1) + codes[:, 1]
    order = np.argsort(cell, kind="stable")
    ordered = cell[order]
    rank = np.empty(len(cell))
    rank[order] = np.arange(len(cell)) - np.searchsorted(ordered, ordered)
    return rank


def axis_cells(j, codes, edges, levels, spread):
    """Feature j on an axis: cell centres, sample positions, the query cell's bounds and the ticks;
    a coded category sits at its code (samples of one cell spread on a small spiral), a binned
    number at its value."""
    if edges[j] is None:
        centres = np.arange(len(levels[j]), dtype=float)
        ticks = dict(tickvals=centres, ticktext=[plain(v) for v in levels[j]], showgrid=False)
        return centres, codes[:, j] + spread, (-0.5, len(levels[j]) - 0.5), ticks
    e = edges[j]
    ticks = dict(tickvals=e, ticktext=[f"{v:.2g}" for v in e])
    return (e[:-1] + e[1:]) / 2, None, (e[0], e[-1]), ticks


def grid_figure(model, train, codes, y, levels, edges, q, ctx):
    """The first two features as a grid of cells, each coloured by its naive-Bayes class (the other
    features at the query's values); the query ringed."""
    S1, S2 = len(levels[0]), len(levels[1])
    a, b = np.meshgrid(np.arange(S1), np.arange(S2))
    rest = [np.full(a.size, levels[j].index(q[j])) for j in range(2, len(levels))]
    cells = level_names(np.column_stack([a.ravel(), b.ravel(), *rest]).astype(int), levels)
    decision = np.searchsorted(model.classes_, model.predict(cells))
    qa, qb = levels[0].index(q[0]), levels[1].index(q[1])
    names = (plain(train.feature_names[0]), plain(train.feature_names[1]))
    # spread the samples of one cell on a small spiral so every one is visible
    order = rank_in_cell(codes)
    angle, radius = order * 2.4, 0.12 + 0.07 * np.sqrt(order)
    cx, px, x_range, ticks_x = axis_cells(0, codes, edges, levels, radius * np.cos(angle))
    cy, py, y_range, ticks_y = axis_cells(1, codes, edges, levels, radius * np.sin(angle))
    raw = np.asarray(train.X, float)
    if len(raw) != len(codes):  # sample 4 dropped (tables only)
        raw = np.delete(raw, 3, axis=0)
    P_xy = np.column_stack([raw[:, 0] if px is None else px, raw[:, 1] if py is None else py])
    axes = Axes(x_range, y_range, *names)
    box_x = (qa - 0.5, qa + 0.5) if edges[0] is None else (edges[0][qa], edges[0][qa + 1])
    box_y = (qb - 0.5, qb + 0.5) if edges[1] is None else (edges[1][qb], edges[1][qb + 1])
    box = (*box_x, *box_y)
    traces = [region_trace(cx, cy, decision.reshape(S2, S1), len(model.classes_))]
    traces += class_traces(P_xy, y, model.classes_, ctx.style, names=class_names(model.classes_))
    traces.append(
        dict(
            type="scatter",
            mode="lines",
            x=np.array([box[0], box[1], box[1], box[0], box[0]]),
            y=np.array([box[2], box[2], box[3], box[3], box[2]]),
            name=t("gen.query_cell"),
            line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 1.2),
        )
    )
    grid_x = {**AXIS_STYLE, **{k: v for k, v in ticks_x.items() if k == "showgrid"}}
    grid_y = {**AXIS_STYLE, **{k: v for k, v in ticks_y.items() if k == "showgrid"}}
    return figure(
        ctx.style,
        None,
        t("gen.nb_grid_title"),
        traces,
        xaxis={**grid_x, **ticks_x, "range": list(axes.x_range), "title": dict(text=axes.x_title)},
        yaxis={**grid_y, **ticks_y, "range": list(axes.y_range), "title": dict(text=axes.y_title)},
    )
