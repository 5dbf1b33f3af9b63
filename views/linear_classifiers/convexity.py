"""Why logistic regression is not fitted by least squares: over the weight w of σ(wx), the squared
error is non-convex (flat far out, where gradient descent stalls) while the cross-entropy is convex.

Seed 003 §2.2.3 ((20): least squares takes the point where the gradient is 0, optimal only for a
convex objective; the squared error of the sigmoid output is not convex). This view draws its own
1-D data, not the data set of the sidebar.
"""

import numpy as np
import streamlit as st

from algorithms import sigmoid_descent
from algorithms import sigmoid_loss_landscape
from algorithms import two_class_1d
from ui.charts import chart
from ui.controls import bound
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR

W = np.linspace(-15.0, 15.0, 601)
CONCAVE_FILL = "rgba(213,94,0,0.12)"


@st.cache_data(max_entries=32, show_spinner=False)
def landscape_and_paths(n, separation, flip, seed, w0, lr, steps):
    x, y = two_class_1d(n, separation, flip, random_state=seed)
    land = sigmoid_loss_landscape(x, y, W)
    paths = {loss: sigmoid_descent(x, y, loss, w0, lr, steps) for loss in ("mse", "ce")}
    return land, paths, sigmoid_loss_landscape(x, y, paths["mse"]), sigmoid_loss_landscape(x, y, paths["ce"])


def render(ctx, controls, main):
    with controls:
        separation = slider(t("lc.cvx_sep"), 0.5, 4.0, 2.0, "lc.cvx_sep", step=0.5)
        n = slider(t("lc.cvx_n"), 10, 200, 60, "lc.cvx_n", step=10)
        flip = slider(t("lc.cvx_flip"), 0.0, 0.3, 0.0, "lc.cvx_flip", step=0.05)
        seed = st.number_input(t("data.seed"), 0, 10_000, 0, **bound("lc.cvx_seed"))
        w0 = slider(t("lc.cvx_w0"), -15.0, 15.0, -10.0, "lc.cvx_w0", step=0.5)
        lr = log_slider(t("lc.cvx_lr"), "lc.cvx_lr", -2, 1, 1.0)
        steps = slider(t("lc.cvx_steps"), 10, 500, 200, "lc.cvx_steps", step=10)
    land, paths, on_mse, on_ce = landscape_and_paths(n, separation, flip, int(seed), w0, lr, steps)
    concave = float(np.mean(land.mse_curvature < 0))
    with main:
        left, right = columns_or_stacked(ctx.projector, [1, 1])
        with left:
            chart(
                loss_figure(land.mse, land.mse_curvature, paths["mse"], on_mse.mse, "mse", ctx.style),
                key="lc.cvx_mse",
            )
        with right:
            chart(
                loss_figure(land.ce, land.ce_curvature, paths["ce"], on_ce.ce, "ce", ctx.style),
                key="lc.cvx_ce",
            )
        metric_rows(
            [
                (t("lc.cvx_concave"), percent(concave)),
                (t("lc.cvx_w_mse"), fmt(paths["mse"][-1], 4)),
                (t("lc.cvx_w_ce"), fmt(paths["ce"][-1], 4)),
                (t("lc.cvx_min_curv"), fmt(float(land.mse_curvature.min()), 3)),
            ],
            ctx.projector,
        )
    formula_panel(formulas(land, paths, lr), ctx.projector)
    code_view(sigmoid_loss_landscape, sigmoid_descent, projector=ctx.projector)


def loss_figure(values, curvature, path, path_values, loss, style):
    """The loss over w, the stretches where it is concave (shaded) and the descent's iterates."""
    top = float(values.max())
    traces = [
        line_trace(Curve(t(f"lc.cvx_{loss}"), W, values, FIT_COLOR), style),
        points_trace(path, path_values, t("lc.cvx_path"), style, ALT_COLOR, "circle", 0.7),
        points_trace([path[-1]], [path_values[-1]], t("lc.cvx_end"), style, BLACK, "star", 1.6),
    ]
    shading = [
        dict(
            type="rect",
            x0=lo,
            x1=hi,
            y0=0,
            y1=1,
            yref="paper",
            fillcolor=CONCAVE_FILL,
            line=dict(width=0),
            layer="below",
        )
        for lo, hi in concave_stretches(curvature)
    ]
    axes = Axes((float(W[0]), float(W[-1])), (0.0, top * 1.08), "w", t(f"lc.cvx_{loss}"))
    title = t(f"lc.cvx_{loss}_title") + (t("lc.cvx_shaded") if shading else "")
    return figure(style, axes, title, traces, legend="bottom", legend_width=420, shapes=shading)


def concave_stretches(curvature) -> list[tuple[float, float]]:
    """The w-intervals of the grid where the second derivative is negative."""
    edges = np.flatnonzero(np.diff(np.r_[0, (curvature < 0).astype(int), 0]))
    return [(float(W[a]), float(W[b - 1])) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def formulas(land, paths, lr) -> list[Formula]:
    return [
        Formula(
            r"J_{MSE}(w) = \frac1n\sum_i\big(\sigma(wx_i) - y_i\big)^2,\ "
            r"J''_{MSE} = \frac2n\sum_i x_i^2\sigma_i'\big[\sigma_i' + (\sigma_i - y_i)(1-2\sigma_i)\big],\ "
            rf"\min_w J''_{{MSE}} = {number(float(land.mse_curvature.min()))} < 0",
            "seed 003 §2.2.3, (20)",
        ),
        Formula(
            r"J_{CE}(w) = -\frac1n\sum_i\big[y_i\log\sigma_i + (1-y_i)\log(1-\sigma_i)\big],\ "
            rf"J''_{{CE}} = \frac1n\sum_i x_i^2\sigma_i(1-\sigma_i) \ge 0,\ \min_w J''_{{CE}} = "
            rf"{number(float(land.ce_curvature.min()))}",
            "seed 003 §2.2.2–2.2.3",
        ),
        Formula(
            rf"w \leftarrow w - \eta\,J'(w),\ \eta = {number(lr)}:\ w_{{MSE}} = {number(paths['mse'][-1])},\ "
            rf"w_{{CE}} = {number(paths['ce'][-1])}",
            "gradient descent (CS229 Part I)",
        ),
    ]
