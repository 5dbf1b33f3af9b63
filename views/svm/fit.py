"""The decision surface (Sugiyama §8.1–8.4, Figs 8.6, 8.8, 8.10; Li Hang §7.1–7.3, Examples 7.1/7.2).

Hard or soft margin with a linear, polynomial or Gaussian kernel: the regions, f = 0 and f = ±1, the
support vectors by α category (free on the margin, bound at C inside it) and each violator's slack;
α and ξ against the sample index and α against the margin (the KKT picture); for tiny data every α_i as
a number. With three or more classes the view shows one-vs-rest or one-vs-one instead.
"""

import numpy as np
import streamlit as st

from algorithms import SVC
from algorithms import svc_crosscheck
from algorithms import svc_kernel
from ui.classroom import crosscheck
from ui.classroom import crosscheck_caption
from ui.classroom import crosscheck_wanted
from ui.contours import level_polylines
from ui.contours import level_trace
from ui.controls import bound
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tt
from ui.explain import metric_rows
from ui.explain import nice_number
from ui.explain import nice_text
from ui.explain import number
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure
from ui.figures import grid_points
from ui.i18n import t
from ui.polylines import polylines
from ui.rings import ring_trace
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fitted
from views.svm._alphas import alpha_charts
from views.svm._common import BOUND_COLOR
from views.svm._common import FREE_COLOR
from views.svm._common import error_rate
from views.svm._common import f_line
from views.svm._common import fit_svc
from views.svm._common import held_out_error
from views.svm._common import kernel_latex
from views.svm._common import plane_axes
from views.svm._common import stop_message
from views.svm._common import svm_controls
from views.svm._common import training_samples
from views.svm._common import w_latex
from views.svm._multiclass import multi_controls
from views.svm._multiclass import multi_view

RESOLUTION = 150
RINGS = (("free", FREE_COLOR, "circle-open"), ("bound", BOUND_COLOR, "square-open"))  # on / inside the margin


def render(ctx, controls, main) -> None:
    data = ctx.data
    with controls:
        hard, C, kernel, sigma, degree, coef0 = svm_controls()
        n_classes = len(np.unique(data.train.y))
        strategy = multi_controls(n_classes)
        show_slack = n_classes > 2 or st.toggle(t("svm.show_slack"), value=True, **bound("svm.slack"))
        xcheck = n_classes == 2 and crosscheck_wanted("svm")
    samples = training_samples(data, main, binary=False)
    if samples is None:
        return
    X, y = samples
    params = (C, kernel, sigma, degree, coef0, 1e-3, "second_order")
    if n_classes > 2:
        multi_view(ctx, main, X, y, strategy, params)
        return
    with main:
        model = fitted(fit_svc, X, y, *params)
    if model is None:
        return
    axes = plane_axes(data.train)
    fig = fit_figure(model, X, y, axes, params, hard, show_slack, ctx.style)
    with main:
        check = crosscheck(sklearn_line, model, axes, ctx.style) if xcheck else None
        if check is not None:
            fig.add_trace(check[0])
        editable_chart(fig, "svm", data, axes.x_range, axes.y_range, key="svm.fit_chart")
        if check is not None:
            crosscheck_caption(check[1], t("cls.xcheck_svm"))
        stop_message(model)
        metric_rows(fit_metrics(model, X, y, data.test, kernel), ctx.projector)
        if len(y) <= 12:
            alpha_table(model)
        alpha_charts(model, ctx)
    formula_panel(fit_formulas(model, hard, C, kernel, sigma, degree, coef0), ctx.projector)
    code_view(SVC, svc_kernel, projector=ctx.projector)


@st.cache_data(max_entries=48, show_spinner=False)
def svc_grid(X, y, params, x_range, y_range):
    """f on the plot grid (float32)."""
    model = fit_svc(X, y, *params)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    return gx, gy, model.decision_function(pts).astype(np.float32)


def fit_figure(model, X, y, axes, params, hard, show_slack, style):
    """Regions, f = 0 and f = ±1, the samples, the support vectors by α category and the slack."""
    C, kernel = params[0], params[1]
    gx, gy, f = svc_grid(X, y, params, axes.x_range, axes.y_range)
    f = f.reshape(len(gy), len(gx))
    traces = [
        *decision_surface(gx, gy, (f >= 0).astype(np.uint8), style, n_classes=2, decision=f),
        f_line("f0", style),
        f_line("f1", style),
    ]
    if show_slack and kernel == "linear" and np.any(model.slack_ > 1e-9):
        traces.append(slack_segments(model, style))
    traces += class_traces(X, y, model.classes_, style, names=[str(c) for c in model.classes_])
    for category, color, symbol in RINGS:
        idx = np.flatnonzero(model.alpha_category_ == category)
        traces.append(ring_trace(X[idx], t(f"svm.{category}_sv"), style, color, symbol, customdata=idx))
    title = t("svm.fit_title", kernel=t(f"svm.kernels.{kernel}"), C="∞" if hard else f"{C:g}")
    return figure(style, axes, title, traces, height=style.figure_height + 80, legend="bottom")


def sklearn_line(model, axes, style):
    """scikit-learn's f = 0 for the same SVM (dotted), and its cross-check (None without scikit-learn)."""
    gx, gy, pts = grid_points(axes.x_range, axes.y_range, RESOLUTION)
    check = svc_crosscheck(model, pts)
    xs, ys = level_polylines(gx, gy, check.values.reshape(len(gy), len(gx)), 0.0)
    return level_trace(xs, ys, t("cls.xcheck_name"), style, color=HIGHLIGHT_COLOR, dash="dot"), check


def fit_metrics(model, X, y, test, kernel) -> list[tuple[str, str]]:
    """Errors, support vectors (free + bound), the margin width (linear) or b, and D(α)."""
    cats = model.alpha_category_
    n_free, n_bound = int(np.sum(cats == "free")), int(np.sum(cats == "bound"))
    margin = (
        (t("svm.margin_width"), fmt(model.margin_width_, 4))
        if kernel == "linear"
        else (t("svm.b"), nice_text(model.b_))
    )
    return [
        (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
        (t("svm.test_error"), fmt(held_out_error(model, test), 3)),
        (t("svm.n_sv"), t("svm.n_sv_value", total=len(model.support_), free=n_free, bound=n_bound)),
        margin,
        (t("svm.dual"), fmt(model.dual_objective_, 5)),
    ]


def slack_segments(model, style) -> dict:
    """Each violator x_i joined to its own margin line: length ξ_i/‖w‖ (Li Hang Fig 7.5)."""
    w = model.w_
    idx = np.flatnonzero(model.slack_ > 1e-9)
    X = model.X_fit_[idx]
    ends = X + (model.y_signed_[idx] * model.slack_[idx])[:, None] * w / (w @ w)
    xs, ys = polylines(np.stack([X, ends], axis=1))
    return dict(
        type="scatter",
        mode="lines",
        x=xs,
        y=ys,
        name=t("svm.slack"),
        connectgaps=False,
        line=dict(color=HIGHLIGHT_COLOR, width=style.line_width * 0.7),
    )


def alpha_table(model):
    """Tiny data (Li Hang's examples): every α_i, margin and slack as numbers."""

    def row(values):
        return " & ".join(nice_number(v) for v in values)

    n = len(model.alpha_)
    head = " & ".join(rf"x_{{{i + 1}}}" for i in range(n))
    margins = row(model.y_signed_ * model.decision_train_)
    table = (
        rf"\begin{{array}}{{r|{'c' * n}}} & {head} \\ \hline \alpha_i & {row(model.alpha_)} \\ "
        rf"y_i f(x_i) & {margins} \\ \xi_i & {row(model.slack_)} \end{{array}}"
    )
    st.latex(table)


def fit_formulas(model, hard, C, kernel, sigma, degree, coef0) -> list[Formula]:
    """The dual, the kernel, the objectives, w (linear), b and the KKT conditions, with the fit's numbers."""
    box = r"\alpha_i \ge 0" if hard else rf"0 \le \alpha_i \le C = {number(C)}"
    out = [
        Formula(
            rf"\max_\alpha \sum_i\alpha_i - \tfrac12\sum_{{i,j}}\alpha_i\alpha_j y_i y_j K(x_i,x_j)\ \ "
            rf"\text{{s.t.}}\ \sum_i\alpha_i y_i = 0,\ {box}",
            "Li Hang §7.3.4, (7.95)–(7.97); Sugiyama §8.2",
        ),
        Formula(kernel_latex(kernel, sigma, degree, coef0), "Li Hang §7.3.3, (7.88), (7.90); Sugiyama §8.4"),
        Formula(
            rf"D(\hat\alpha) = {number(model.dual_objective_, 6)},\ \tfrac12\|w\|^2 + C\sum_i\xi_i = "
            rf"{number(model.primal_objective_, 6)}\ \ ({tt('svm.n_sv_tex', n=len(model.support_))})",
            "Sugiyama §8.2 (zero duality gap); Li Hang (7.37) minimises −D",
        ),
    ]
    if kernel == "linear":
        out.append(
            Formula(
                rf"w = \sum_i \hat\alpha_i y_i x_i = {w_latex(model)},\ "
                rf"\frac{{2}}{{\|w\|}} = {number(model.margin_width_)}",
                "Li Hang (7.50); §7.1.3",
            )
        )
    n_free = int(np.sum(model.alpha_category_ == "free"))
    if n_free:
        out.append(
            Formula(
                rf"b = \frac{{1}}{{|S_{{free}}|}}\sum_{{j \in S_{{free}}}}\Big(y_j - \sum_i \hat\alpha_i y_i "
                rf"K(x_i,x_j)\Big) = {nice_number(model.b_)},\ |S_{{free}}| = {n_free}",
                "Li Hang (7.51) and Algorithm 7.3 (average over 0 < α_j < C)",
            )
        )
    else:
        lo, hi = model.b_interval_
        out.append(
            Formula(
                rf"{tt('svm.b_any_tex')}\ b \in [{nice_number(lo)},\ {nice_number(hi)}];\ "
                rf"b = {nice_number(model.b_)}\ ({tt('svm.midpoint_tex')})",
                "Li Hang §7.2.1 (b not unique); spec errata (final b from all KKT conditions)",
            )
        )
    out.append(Formula(r"f(x) = \sum_{i\in SV}\hat\alpha_i y_i K(x_i, x) + b", "Li Hang (7.94)"))
    out.append(
        Formula(
            r"\alpha_i = 0 \Rightarrow y_if(x_i) \ge 1,\ 0<\alpha_i<C \Rightarrow y_if(x_i) = 1,\ "
            r"\alpha_i = C \Rightarrow y_if(x_i) \le 1",
            "Li Hang (7.111)–(7.113); Sugiyama §8.3, Fig 8.8",
        )
    )
    return out
