"""CatBoost's feature combinations and the prediction shift that ordered statistics avoid: a toy table
whose label is an interaction of two categoricals (each alone says little, their combination a lot),
and a pure-noise categorical whose greedy target statistic fits the training labels far better than
new ones, while the ordered one does not.

seed 003 §5.6.1 (33), §5.6.2 (feature combinations), §5.6.3 (prediction shift, ordered boosting).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import combine_categories
from algorithms import encoding_accuracy
from algorithms import interaction_table
from algorithms import noise_categories
from algorithms import ordered_target_statistics
from algorithms import prediction_shift
from ui.charts import chart
from ui.controls import number_slider
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
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import TRUTH_COLOR

DATA = DataRequest("regression", 1, "sinc")
PRIORS = [0.1, 0.5, 1.0, 2.0, 5.0]
ROWS, NEW_ROWS, SHOWN = 60, 400, 10


def render(ctx, controls, main) -> None:
    with controls:
        prior = number_slider(t("ens.prior"), "ens.prior", PRIORS, 1.0, t("ens.prior_help"))
        perm = slider(t("ens.perm"), 0, 20, 0, "ens.perm", help=t("ens.perm_help"))
        levels = slider(t("ens.levels"), 2, 40, 30, "ens.levels", help=t("ens.levels_help"))
    order = np.arange(ROWS) if perm == 0 else np.random.default_rng(perm).permutation(ROWS)
    colour, size, y = interaction_table(ROWS, random_state=0)
    combo = combine_categories(colour, size)
    encoded = [ordered_target_statistics(c, y, prior, permutation=order) for c in (colour, size, combo)]
    cats, labels = noise_categories(ROWS, levels, random_state=0)
    new_cats, new_labels = noise_categories(NEW_ROWS, levels, random_state=1)
    shift = prediction_shift(cats, labels, new_cats, new_labels, prior, permutation=order)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        st.markdown(f"**{t('ens.combo_title')}**")
        table = pd.DataFrame(
            {
                t("ens.col_colour"): colour[:SHOWN],
                t("ens.col_size"): size[:SHOWN],
                "y": y[:SHOWN],
                "TS(colour)": np.round(encoded[0][:SHOWN], 4),
                "TS(size)": np.round(encoded[1][:SHOWN], 4),
                "TS(colour×size)": np.round(encoded[2][:SHOWN], 4),
            }
        )
        st.dataframe(table, hide_index=True)
        metrics_row(
            [
                (t("ens.acc_of", name=name), fmt(encoding_accuracy(e, y)))
                for name, e in zip(("colour", "size", "colour×size"), encoded, strict=True)
            ]
        )
        st.caption(t("ens.combo_help", n=ROWS))
    with right:
        st.markdown(f"**{t('ens.shift_title', levels=levels)}**")
        shift_chart(ctx, shift)
    formula_panel(
        [
            Formula(
                rf"x_{{\text{{colour}}\times\text{{size}}}} = (x_\text{{colour}}, x_\text{{size}}):\ "
                rf"\mathrm{{acc}} = {number(encoding_accuracy(encoded[2], y))}\ \text{{vs}}\ "
                rf"{number(encoding_accuracy(encoded[0], y))},\ {number(encoding_accuracy(encoded[1], y))}",
                "seed 003 §5.6.2",
            ),
            Formula(
                rf"\overline{{(y - \hat x)^2}}:\ "
                rf"\text{{{t('ens.shift_bars.greedy')}}}\ {number(shift.greedy_train)},\ "
                rf"\text{{{t('ens.shift_bars.ordered')}}}\ {number(shift.ordered_train)},\ "
                rf"\text{{{t('ens.shift_bars.new')}}}\ {number(shift.test)}",
                "seed 003 §5.6.3 (34)–(36)",
            ),
        ],
        ctx.projector,
    )
    code_view(combine_categories, prediction_shift, projector=ctx.projector)


def shift_chart(ctx, shift) -> None:
    """Mean squared residual y − TS: greedy and ordered on the training rows, and on new rows."""
    style = ctx.style
    names = [t("ens.shift_bars.greedy"), t("ens.shift_bars.ordered"), t("ens.shift_bars.new")]
    values = [shift.greedy_train, shift.ordered_train, shift.test]
    bars = dict(
        type="bar",
        x=names,
        y=values,
        marker=dict(color=[CLASS_COLORS[1], FIT_COLOR, TRUTH_COLOR]),
        showlegend=False,
        hovertemplate="%{x}: %{y:.4g}<extra></extra>",
    )
    axes = Axes((-0.5, 2.5), (0.0, max(values) * 1.2 + 1e-9), "", t("ens.residual_axis_sq"))
    fig = figure(style, axes, traces=[bars], height=int(style.figure_height * 0.8))
    fig.update_xaxes(type="category", range=None)
    chart(fig, key="ens.shift_chart")
    st.caption(t("ens.shift_help"))
