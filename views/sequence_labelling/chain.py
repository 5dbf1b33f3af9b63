"""One test sequence under the trained CRF: its forward and backward tables and the per-position
marginals as heat-maps, the Viterbi path against the independent softmax predictions, and the
count of terms brute-force enumeration (c^m sequences) would need against dynamic programming
(c²m). A position's potentials and messages are written out with the current numbers.

Sugiyama §11.1–§11.3 (Figs 11.2, 11.4; (11.4)–(11.6)); boundary convention y⁽⁰⁾ = y⁽¹⁾.
"""

import numpy as np
import streamlit as st

from algorithms import chain_costs
from algorithms import forward_backward
from algorithms import viterbi_tables
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import percent
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import TRUTH_COLOR
from views.sequence_labelling._chain import setting_controls
from views.sequence_labelling._chain import trained

TABLES = ["marginal", "alpha", "beta", "viterbi"]


def render(ctx, controls, main):
    with controls:
        setting = setting_controls()
    with main:
        model = trained(setting)
        if model is None:
            return
    T, K = setting.length, setting.n_classes
    with controls:
        position = slider(t("seq.position"), 1, T, 1, "seq.position", help=t("seq.position_help")) - 1 \
            if T > 1 else 0
        table = choice(t("seq.table"), TABLES, "seq.table", catalogue_labels("seq.tables"))
    U, G = model.crf.potentials(model.Phi_test)
    fb = forward_backward(U, G)
    scores, _, path = viterbi_tables(U, G)
    with main:
        sequence_chart(ctx, model, path)
        tables = {
            "marginal": fb.marginals,
            "alpha": np.exp(fb.log_alpha - fb.log_alpha.max(axis=1, keepdims=True)),
            "beta": np.exp(fb.log_beta - fb.log_beta.max(axis=1, keepdims=True)),
            "viterbi": scores,
        }
        fig = heatmap_figure(tables[table].T, list(range(1, T + 1)), list(range(K)),
                             (t("seq.position_axis"), t("seq.label_axis")), ctx.style,
                             selected=(int(path[position]), position), colorbar_title="",
                             title=t(f"seq.tables.{table}"), selected_name=t("seq.viterbi"),
                             height=min(ctx.style.figure_height, 200 + 70 * K))
        chart(fig, key="seq.table_chart", on_select=pick_position)
        st.caption(t("seq.click_position"))
        brute, dp = chain_costs(K, T)
        metric_rows([
            (t("seq.brute_force"), f"{brute:,}" if brute < 1e7 else f"{brute:.3g}"),
            (t("seq.dynamic_programming"), f"{dp:,}"),
            (t("seq.log_Z"), fmt(fb.log_Z, 5)),
            (t("seq.acc_viterbi"), percent(model.test_accuracy[0])),
            (t("seq.acc_softmax"), percent(model.test_accuracy[1])),
        ], ctx.projector)
    formula_panel(formulas(U, G, fb, scores, position), ctx.projector)
    code_view(forward_backward, viterbi_tables, projector=ctx.projector)


def pick_position() -> None:
    """A click on a cell of the table selects its position (the cell's customdata is (row, column))."""
    points = clicked_points("seq.table_chart")
    if points and points[0].get("customdata") is not None:
        st.session_state["seq.position"] = int(points[0]["customdata"][1]) + 1


def sequence_chart(ctx, model, path):
    """x_t against the position (emission means are the label numbers), the true labels, the Viterbi
    path and the independent softmax labels."""
    pos = np.arange(1, len(path) + 1)
    values = np.r_[model.x_test, model.y_test]
    axes = Axes((0.5, len(pos) + 0.5), (min(values.min(), 0) - 0.6, max(values.max(), path.max()) + 0.6),
                t("seq.position_axis"), t("seq.value_axis"))
    fig = base_figure(ctx.style, axes, t("seq.sequence_title"), height=320, legend_rows=2)
    fig.add_traces([
        points_trace(pos, model.x_test, t("seq.observations"), ctx.style, TRUTH_COLOR),
        line_trace(Curve(t("seq.truth"), pos, model.y_test, TRUTH_COLOR, "dot"), ctx.style)
        | {"line_shape": "hv"},
        line_trace(Curve(t("seq.viterbi"), pos, path, BLUE), ctx.style) | {"line_shape": "hv"},
        points_trace(pos, model.softmax_labels, t("seq.softmax"), ctx.style, ALT_COLOR, "x", size_scale=1.3),
    ])
    chart(fig, key="seq.sequence_chart")


def formulas(U, G, fb, scores, k) -> list[Formula]:
    """Potentials and messages at position k (0-based) with the current numbers."""
    source = "Sugiyama §11.2, (11.5)"
    boundary = r" + \Gamma_{yy}" if k == 0 else ""
    out = [Formula(rf"U_{{{k + 1}}}(y) = \theta_y^\top\phi(x^{{({k + 1})}}){boundary} = {vector(U[k], 3)}",
                   "Sugiyama (11.2)–(11.3), y^{(0)} = y^{(1)}")]
    if k > 0:
        message = rf"\log\sum_{{y'}}\alpha_{{{k}}}(y')e^{{\Gamma_{{y'y}}}}"
        out.append(Formula(rf"\log\alpha_{{{k + 1}}}(y) = U_{{{k + 1}}}(y) + {message},\ "
                           rf"\log\alpha_{{{k}}} = {vector(fb.log_alpha[k - 1], 3)}"
                           rf"\Rightarrow {vector(fb.log_alpha[k], 3)}", source))
    else:
        out.append(Formula(rf"\log\alpha_1(y) = U_1(y) = {vector(fb.log_alpha[0], 3)}", source))
    out += [
        Formula(rf"\log\beta_{{{k + 1}}} = {vector(fb.log_beta[k], 3)},\quad \log Z = {fmt(fb.log_Z, 5)}",
                "Sugiyama §11.2"),
        Formula(rf"p(y^{{({k + 1})}} = y) = \alpha_{{{k + 1}}}(y)\beta_{{{k + 1}}}(y)/Z = "
                rf"{vector(fb.marginals[k], 3)}", "Sugiyama (11.6)"),
        Formula(rf"P_{{{k + 1}}}(y) = U_{{{k + 1}}}(y) + \max_{{y'}}[P_{{{k}}}(y') + \Gamma_{{y'y}}] = "
                rf"{vector(scores[k], 3)}", "Sugiyama §11.3"),
    ]
    return out
