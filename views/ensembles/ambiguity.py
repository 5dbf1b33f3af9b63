"""The error–ambiguity decomposition E = Ē − Ā of bagged regression trees: the members' curves and
their mean, and each member's error and ambiguity (its squared distance from the mean), so that the
ensemble's error is the members' average error minus their average disagreement.

seed 003 §5.1 (1); Zhou (8.31) (Krogh and Vedelsby) [S]; §5.7 (bagging: the mean for regression).
"""

import numpy as np
import streamlit as st

from algorithms import BaggingRegressor
from algorithms import error_ambiguity
from ui.charts import chart
from ui.controls import bound
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
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from views.ensembles._boosting import training_points
from views.ensembles._common import fit_or_warn
from views.ensembles._common import line

DATA = DataRequest("regression", 1, "sinc")


@st.cache_data(max_entries=32, show_spinner=False)
def fit_bagged(X, y, learners: int, depth: int, rng: int):
    return BaggingRegressor(learners, max_depth=depth, random_state=rng).fit(X, y)


def render(ctx, controls, main) -> None:
    train, test = ctx.data.train, ctx.data.test
    X, y = train.X[:, :1], train.y
    with controls:
        learners = slider(t("ens.learners"), 2, 30, 10, "ens.learners", help=t("ens.learners_help"))
        depth = slider(t("ens.depth"), 1, 10, 4, "ens.depth")
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
    model = fit_or_warn(fit_bagged, X, y, learners, depth, int(rng))
    if model is None:
        return
    X_eval, y_eval = (X, y) if test is None else (test.X[:, :1], test.y)
    parts = error_ambiguity(model.member_predictions(X_eval), y_eval)
    with main:
        ambiguity_main(ctx, model, X, y, parts, test is None)
    formula_panel(
        [
            Formula(
                rf"E = \bar E - \bar A:\ {number(parts.E)} = {number(parts.E_bar)} - {number(parts.A_bar)}",
                "seed 003 §5.1 (1)",
            ),
            Formula(
                r"\bar E = \frac1T\sum_i \overline{(h_i - y)^2},\ "
                r"\bar A = \frac1T\sum_i \overline{(h_i - H)^2},\ "
                rf"H = \frac1T\sum_i h_i,\ T = {learners}",
                "Zhou (8.31) [S]",
            ),
        ],
        ctx.projector,
    )
    code_view(error_ambiguity, BaggingRegressor, projector=ctx.projector)


def ambiguity_main(ctx, model, X, y, parts, on_train: bool) -> None:
    style = ctx.style
    train = ctx.data.train
    x_range = padded_range(X[:, 0], 0.03)
    grid = np.linspace(*x_range, 300)[:, None]
    members = model.member_predictions(grid)
    mean = members.mean(axis=0)
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        st.markdown(f"**{t('ens.members_title', T=len(members))}**")
        thin = [
            line(grid[:, 0], h, t("ens.member"), "#9a9a9a", style, showlegend=i == 0, opacity=0.6)
            for i, h in enumerate(members)
        ]
        axes = Axes(
            x_range,
            padded_range(np.concatenate([y, members.ravel()]), 0.05),
            plain(train.feature_names[0]),
            plain(train.target_name),
        )
        traces = [
            *thin,
            line(grid[:, 0], mean, t("ens.ensemble_mean"), FIT_COLOR, style),
            training_points(X, y, style),
        ]
        chart(figure(style, axes, traces=traces), key="ens.members_chart")
    with right:
        st.markdown(f"**{t('ens.ambiguity_title_train' if on_train else 'ens.ambiguity_title')}**")
        index = np.arange(1, len(parts.member_errors) + 1)
        bars = [
            dict(type="bar", x=index, y=values, name=t(key), marker_color=color)
            for values, key, color in (
                (parts.member_errors, "ens.member_error", CLASS_COLORS[1]),
                (parts.member_ambiguities, "ens.member_ambiguity", CLASS_COLORS[0]),
            )
        ]
        top = (
            float(max(parts.member_errors.max(), parts.member_ambiguities.max(), parts.E_bar)) * 1.15 + 1e-12
        )
        levels = [
            dict(
                type="line",
                xref="paper",
                x0=0,
                x1=1,
                y0=v,
                y1=v,
                line=dict(color=c, width=style.line_width, dash=d),
            )
            for v, c, d in (
                (parts.E_bar, CLASS_COLORS[1], "dash"),
                (parts.A_bar, CLASS_COLORS[0], "dash"),
                (parts.E, FIT_COLOR, "solid"),
            )
        ]
        axes = Axes((0.4, len(index) + 0.6), (0.0, top), t("ens.member_axis"), t("ens.mse_axis"))
        fig = figure(style, axes, traces=bars, shapes=levels, barmode="group", bargap=0.2)
        chart(fig, key="ens.ambiguity_chart")
        st.caption(t("ens.ambiguity_help"))
    metrics_row(
        [
            (t("ens.E_bar"), fmt(parts.E_bar)),
            (t("ens.A_bar"), fmt(parts.A_bar)),
            (t("ens.E_ensemble"), fmt(parts.E)),
            (t("ens.best_member"), fmt(parts.member_errors.min())),
        ]
    )
