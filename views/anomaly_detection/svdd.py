"""The SVM anomaly detector / support vector data description (Sugiyama §12.2; erratum §22).

C and the kernel (Gaussian σ or the book's linear one) set the smallest sphere around the data in
feature space; SMO is shown step by step, the boundary and the kinds of α (inside, on the sphere, at
C) moving with it. The dual carries Σα = 1, which the book's dual omits.
"""

import numpy as np
import streamlit as st

from algorithms import SVDD
from ui.contours import level_polylines
from ui.contours import level_trace
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.data_panel import DataRequest
from ui.data_panel import edit_enabled
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import grid_points
from ui.figures import points_trace
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.stepper import stepper_unless_editing
from ui.theme import BLACK
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import VERMILLION
from ui.views import fit_subset
from ui.views import fitted
from views.anomaly_detection._common import P
from views.anomaly_detection._common import planted
from views.anomaly_detection._common import region_trace
from views.anomaly_detection._common import square_axes
from views.anomaly_detection._common import square_figure

DATA = DataRequest("clustering", 2, "gaussian_outliers")
DATA_PREFIX = P
KERNELS = ["gaussian", "linear"]
SVDD_RES, SVDD_FRAME_RES = 120, 60
FIT_LIMIT = 1000  # SMO on the n × n kernel step by step, on a sample (≥ 1/C_min: every C stays valid)
CATEGORY_STYLE = ((TRUTH_COLOR, "circle", 0.75), (FIT_COLOR, "diamond", 1.25), (VERMILLION, "x", 1.2))


@st.cache_data(max_entries=32, show_spinner=False)
def fit_svdd(X, C, sigma):
    """The fit, its decision function on a grid, and the boundary after every recorded SMO step."""
    svdd = SVDD(C, sigma, tol=1e-6, n_snapshots=60).fit(X)
    axes = square_axes(X, ("", ""), 0.25)
    gx, gy, grid = grid_points(axes.x_range, axes.y_range, SVDD_RES)
    decision = svdd.decision_function(grid).reshape(len(gy), len(gx)).astype(np.float32)
    fx, fy, coarse = grid_points(axes.x_range, axes.y_range, SVDD_FRAME_RES)
    snaps = svdd.snapshots(coarse)
    frames = [level_polylines(fx, fy, z.reshape(len(fy), len(fx)), 0.0) for z in snaps.decision]
    return svdd, gx, gy, decision, frames, snaps.radius2, snaps.kinds


def static_figure(ctx, X, idx, axes, svdd, gx, gy, decision):
    """The fitted sphere's inside, the planted anomalies and (linear kernel) the centre."""
    fig = square_figure(ctx.style, axes, " ")
    fig.add_trace(region_trace(gx, gy, decision >= 0, REGION_COLORS[0]))
    marked = planted(ctx.data.train, idx)
    if len(marked):
        name = t("anom.planted")
        fig.add_trace(points_trace(X[marked, 0], X[marked, 1], name, ctx.style, BLACK, "star-open", 2.0))
    if svdd.center_ is not None:
        (cx, cy), name = svdd.center_, t("anom.center")
        fig.add_trace(points_trace([cx], [cy], name, ctx.style, HIGHLIGHT_COLOR, "cross", 1.6))
    return fig


def render(ctx, controls, main) -> None:
    data = ctx.data
    idx = fit_subset(len(data.train.X), FIT_LIMIT)
    X = data.train.X[idx]
    n = len(X)
    with controls:
        C = log_slider(t("anom.C"), "anom.C", -3, 0, 0.05, help=t("anom.C_help"))
        kernel = choice(
            t("anom.kernel"),
            KERNELS,
            "anom.kernel",
            catalogue_labels("anom.kernels"),
            horizontal=not ctx.projector,
        )
        sigma = log_slider(t("anom.sigma"), "anom.sigma", -1, 1, 1.0) if kernel == "gaussian" else None
        st.caption(t("anom.nu_note", n=n, bound=f"{1 / (n * C):.3g}" if C * n >= 1 else "—"))
    if C * n < 1 - 1e-12:
        st.error(t("anom.C_too_small", C=f"{C:g}", n=n, min=f"{1 / n:.3g}"))
        return
    fit = fitted(fit_svdd, X, float(C), sigma)
    if fit is None:
        return
    svdd, gx, gy, decision, frames, radii, kinds = fit
    axes = square_axes(X, data.train.feature_names, 0.25)
    history = svdd.history_
    names = [t(f"anom.alpha_kind.{j}") for j in range(3)]

    def frame(s):
        xs, ys = frames[s]
        traces = [level_trace(xs, ys, t("anom.boundary"), ctx.style, width=0.8, hoverinfo="skip")]
        for j, (color, symbol, scale) in enumerate(CATEGORY_STYLE):
            ids = np.flatnonzero(kinds[s] == j)
            traces.append(
                points_trace(X[ids, 0], X[ids, 1], names[j], ctx.style, color, symbol, scale, customdata=ids)
            )
        return traces

    def label(s):
        return t("anom.svdd_label", step=history[s].step, dual=fmt(history[s].objective), r2=fmt(radii[s]))

    def details(s):
        counts = np.bincount(kinds[s], minlength=3)
        gap = history[s].gap
        return t(
            "anom.svdd_details",
            step=history[s].step,
            dual=fmt(history[s].objective),
            r2=fmt(radii[s]),
            inside=counts[0],
            free=counts[1],
            bounded=counts[2],
            gap=fmt(gap) if np.isfinite(gap) else "—",
        )

    outside = int(np.sum(svdd.predict(X) == -1))
    with main:
        view = StepView(static_figure(ctx, X, idx, axes, svdd, gx, gy, decision), frame, label, details)
        if n == len(data.train.X):
            stepper_unless_editing("anom.svdd", len(history), view, P, data, axes)
        else:  # chart indices are the sample's: no editing
            stepper("anom.svdd", len(history), view)
            if edit_enabled(P):
                st.caption(t("anom.no_edit_sample", limit=f"{FIT_LIMIT:,}"))
        metrics_row(
            [
                (t("anom.r2"), fmt(svdd.radius2_)),
                (t("anom.svs"), f"{len(svdd.free_support_)} + {len(svdd.bounded_support_)}"),
                (t("anom.outside"), f"{outside} / {n}"),
                (t("anom.bound"), f"{1 / (n * C):.3g}"),
                (t("anom.smo_iters"), str(svdd.n_iter_)),
            ]
        )
    formula_panel(svdd_formulas(svdd, C, sigma, n, outside), ctx.projector)
    code_view(SVDD, projector=ctx.projector)


def svdd_formulas(svdd, C: float, sigma: float | None, n: int, outside: int) -> list[Formula]:
    kxx = r"x^\top x" if sigma is None else "1"
    kernel_tex = (
        r"K(x, x') = x^\top x'"
        if sigma is None
        else rf"K(x, x') = \exp\!\Big(-\frac{{\|x - x'\|^2}}{{2\sigma^2}}\Big),\ \sigma = {number(sigma)}"
    )
    formulas = [
        Formula(
            rf"\min_{{c, R, \xi}} R^2 + C\sum_i \xi_i\ \ {tex('anom.tex.st')}\ "
            rf"\|\psi(x_i) - c\|^2 \le R^2 + \xi_i,\ "
            rf"\xi_i \ge 0;\ C = {number(C)},\ {kernel_tex}",
            "Sugiyama §12.2",
        ),
        Formula(
            rf"\max_\alpha \sum_i \alpha_i K(x_i, x_i) - \sum_{{i,j}}\alpha_i\alpha_j K(x_i, x_j) = "
            rf"{number(svdd.history_[-1].objective)}\ \ {tex('anom.tex.st')}\ "
            r"0 \le \alpha_i \le C,\ \sum_i \alpha_i = 1",
            "Sugiyama §12.2 dual — with Σα = 1 from ∂L/∂R = 0, which the book's dual omits (erratum §22)",
        ),
        Formula(
            rf"\|\psi(x) - c\|^2 = {kxx} - 2\sum_i \alpha_i K(x, x_i) + \alpha^\top K\alpha > \hat R^2 = "
            rf"{number(svdd.radius2_)}\ \Rightarrow\ {tex('anom.tex.anomaly')}\ "
            rf"({tex('anom.tex.of', k=outside, n=n)});\ "
            rf"{tex('anom.tex.share')} \le \frac{{1}}{{nC}} = {number(1 / (n * C))}",
            "Sugiyama §12.2 (kernelised as §8.4)",
        ),
    ]
    if svdd.center_ is not None:
        formulas.append(
            Formula(
                rf"\hat c = \sum_i \hat\alpha_i x_i = {vector(svdd.center_)},\ \hat R = "
                rf"{number(float(np.sqrt(svdd.radius2_)))}",
                "Sugiyama §12.2",
            )
        )
    return formulas
