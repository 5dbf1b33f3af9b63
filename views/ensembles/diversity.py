"""Pairwise diversity of a random forest's trees: disagreement, correlation ρ, Q-statistic and κ for
every pair (a heat map), the κ-error diagram, and the contingency table of one pair with each
measure computed from it.

seed 003 §5.1 (the four measures, named only); Zhou §8.5.2 (8.40)–(8.43), Table 8.5, Fig 8.12 [S].
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import RandomForestClassifier
from algorithms import pair_table
from algorithms import pairwise_diversity
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.theme import CLASS_COLORS
from views.ensembles._common import best_marker
from views.ensembles._common import fit_or_warn

DATA = DataRequest("classification", 2, "moons")
MEASURES = ["disagreement", "correlation", "q_statistic", "kappa"]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_forest(X, y, learners: int, depth: int, rng: int):
    return RandomForestClassifier(learners, max_features=1, max_depth=depth, random_state=rng).fit(X, y)


def render(ctx, controls, main) -> None:
    train, test = ctx.data.train, ctx.data.test
    with controls:
        learners = slider(t("ens.learners"), 2, 30, 10, "ens.learners", help=t("ens.learners_help"))
        depth = slider(t("ens.depth"), 1, 10, 4, "ens.depth")
        measure = choice(t("ens.measure"), MEASURES, "ens.measure", catalogue_labels("ens.measures"))
        first = slider(t("ens.tree_i"), 1, learners, 1, "ens.tree_i")
        second = slider(t("ens.tree_j"), 1, learners, 2, "ens.tree_j")
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
    model = fit_or_warn(fit_forest, train.X, train.y, learners, depth, int(rng))
    if model is None:
        return
    if len(model.classes_) != 2:
        st.info(t("ens.two_classes_only"))
        return
    data = train if test is None else test
    positive = model.classes_[1]
    P = np.array([np.where(est.predict(data.X) == positive, 1, -1) for est in model.estimators_])
    truth = np.where(data.y == positive, 1, -1)
    div = pairwise_diversity(P)
    pair = pair_table(P[first - 1], P[second - 1])
    with main:
        diversity_main(ctx, div, P, truth, measure, (first, second), test is None)
        table = pd.DataFrame(
            {
                "": [f"h{first} = +1", f"h{first} = −1"],
                f"h{second} = +1": [pair.a, pair.c],
                f"h{second} = −1": [pair.b, pair.d],
            }
        )
        st.markdown(f"**{t('ens.pair_title', i=first, j=second)}**")
        st.dataframe(table, hide_index=True)
    i, j, m = first - 1, second - 1, P.shape[1]
    a, b, c, d = pair.a, pair.b, pair.c, pair.d
    formula_panel(
        [
            Formula(
                rf"\mathrm{{dis}}_{{{first}{second}}} = \frac{{b + c}}{{m}} = \frac{{{b} + {c}}}{{{m}}}"
                rf" = {number(div.disagreement[i, j])}",
                "Zhou (8.40)",
            ),
            Formula(
                rf"\rho_{{{first}{second}}} = \frac{{ad - bc}}{{\sqrt{{(a+b)(a+c)(c+d)(b+d)}}}} = "
                rf"\frac{{{a}\cdot{d} - {b}\cdot{c}}}{{\sqrt{{{a + b}\cdot{a + c}\cdot{c + d}\cdot{b + d}}}}}"
                rf" = {number(div.correlation[i, j])}",
                "Zhou (8.41)",
            ),
            Formula(
                rf"Q_{{{first}{second}}} = \frac{{ad - bc}}{{ad + bc}} = "
                rf"\frac{{{a * d - b * c}}}{{{a * d + b * c}}} = {number(div.q_statistic[i, j])}",
                "Zhou (8.42)",
            ),
            Formula(
                rf"\kappa = \frac{{p_1 - p_2}}{{1 - p_2}},\ p_1 = \frac{{a + d}}{{m}} = {number(pair.p1)},\ "
                rf"p_2 = {number(pair.p2)}:\ \kappa = {number(div.kappa[i, j])}",
                "Zhou (8.43)",
            ),
        ],
        ctx.projector,
    )
    code_view(pairwise_diversity, projector=ctx.projector)


def diversity_main(ctx, div, P, truth, measure: str, pair: tuple, on_train: bool) -> None:
    style = ctx.style
    T = len(P)
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('ens.diversity_title', measure=t('ens.measures.' + measure))}**")
        labels = list(range(1, T + 1))
        z = getattr(div, measure)
        fig = heatmap_figure(
            np.where(np.isfinite(z), z, 0.0),
            labels,
            labels,
            (t("ens.tree_axis"), t("ens.tree_axis")),
            style,
            selected=(pair[0] - 1, pair[1] - 1),
            selected_name=t("ens.pair_marker"),
        )
        chart(fig, key="ens.diversity_chart")
        if not np.isfinite(z).all():
            st.caption(t("ens.undefined_pairs", n=int((~np.isfinite(z)).sum())))
    errors = np.mean(P != truth, axis=1)
    rows, cols = np.triu_indices(T, 1)
    kappa, pair_error = div.kappa[rows, cols], (errors[rows] + errors[cols]) / 2
    ok = np.isfinite(kappa)
    with right:
        st.markdown(f"**{t('ens.kappa_error_title')}**")
        axes = Axes(
            padded_range(kappa[ok], 0.1) if ok.any() else (0.0, 1.0),
            padded_range(pair_error, 0.1),
            "κ",
            t("ens.pair_error_axis"),
        )
        traces = [points_trace(kappa[ok], pair_error[ok], t("ens.pairs"), style, color=CLASS_COLORS[0])]
        k = (
            int(np.flatnonzero((rows == min(pair) - 1) & (cols == max(pair) - 1))[0])
            if pair[0] != pair[1]
            else -1
        )
        if k >= 0 and ok[k]:
            traces.append(best_marker(kappa[k], pair_error[k], t("ens.pair_marker"), style))
        chart(figure(style, axes, traces=traces), key="ens.kappa_error_chart")
        st.caption(t("ens.kappa_error_help_train" if on_train else "ens.kappa_error_help"))
    off = ~np.eye(T, dtype=bool)
    metrics_row(
        [
            (t("ens.mean_of", measure=t("ens.measures." + name)), fmt(mean_defined(getattr(div, name)[off])))
            for name in MEASURES
        ]
    )


def mean_defined(values):
    """The mean over the pairs where the measure is defined (None if it is nowhere)."""
    values = values[np.isfinite(values)]
    return float(values.mean()) if len(values) else None
