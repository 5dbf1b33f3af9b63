"""Drawing a mixture: points coloured by their responsibilities, 1σ/2σ ellipses, means with π_k, and
the log-likelihood chart beside the steppers."""

import numpy as np
import plotly.graph_objects as go

from algorithms import covariance_ellipse
from ui.charts import DISPLAY_MARKERS
from ui.charts import chart
from ui.charts import even_sample
from ui.data_panel import add_edit_grid
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import figure as finished_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR

SIDE_HEIGHT = 300  # the charts beside a stepper
RGB = np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in CLASS_COLORS], float)
HEX = np.array([f"{i:02x}" for i in range(256)])


# The data points a mixture chart draws past it (an even sample, said under the chart by the view):
# room left for the centres and marks, so the chart does not sample again (nor say it drew 5,000 of
# 5,003).
DRAWN_POINTS = DISPLAY_MARKERS * 9 // 10
# A stepping chart draws fewer: each of its animation frames (up to 40) carries every drawn point's
# place, colour and index again; 4 500 points made a 4.6 MB figure for every step or k moved.
STEPPED_POINTS = 2000


def figure(ctx, axes: Axes, title: str = "", height: int | None = None, legend_rows: int = 1) -> go.Figure:
    return base_figure(ctx.style, axes, title, height, legend_rows)


def stepped_points(n: int) -> slice | np.ndarray:
    """Which of the n points a stepping mixture chart draws: all, or an even sample of STEPPED_POINTS."""
    return even_sample(n, STEPPED_POINTS)


def blend(resp: np.ndarray) -> np.ndarray:
    """Each point's colour: the components' colours mixed in proportion to its responsibilities."""
    rgb = np.clip(np.rint(resp @ RGB[np.arange(resp.shape[1]) % len(RGB)]), 0, 255).astype(int)
    return np.char.add(np.char.add(np.char.add("#", HEX[rgb[:, 0]]), HEX[rgb[:, 1]]), HEX[rgb[:, 2]])


def component_symbol(j: int) -> str:
    """The marker of the points whose most responsible component is j (as the clustering pages)."""
    return CLASS_SYMBOLS[(j + j // 6) % 6]


def ellipse_trace(points: np.ndarray, j: int, name: str, width: float, **line) -> dict:
    """One ellipse of component j as a line in its colour (legend entry only when named)."""
    return dict(
        type="scatter",
        mode="lines",
        x=points[:, 0],
        y=points[:, 1],
        hoverinfo="skip",
        name=name,
        showlegend=bool(name),
        legendgroup=str(j),
        line=dict(color=CLASS_COLORS[j % 6], width=width, **line),
    )


def mixture_traces(X, keep, model, s: int, style, selected: int | None = None, names=True) -> list[dict]:
    """Step s of ``model.history_``: the points X[keep] coloured by their γ (blends; clicks see their
    index in X), an ellipse pair per component, the means with π_k, the selected point X[selected].

    The points come as one trace per most responsible component, each with its one marker symbol: a
    browser draws a trace of one symbol about three times as fast as one symbol per point."""
    step = model.history_[s]
    points, index = X[keep], np.arange(len(X), dtype=np.min_scalar_type(len(X)))[keep]  # 2 bytes up to 65 535
    resp = model.step_responsibilities(points, s)
    owner, name = resp.argmax(1), t("gmm.points")
    traces = [
        dict(
            type="scatter",
            mode="markers",
            x=points[mine, 0],
            y=points[mine, 1],
            name=name,
            showlegend=j == 0,
            legendgroup="points",
            customdata=index[mine],
            marker=dict(
                color=blend(resp[mine]),
                symbol=component_symbol(j),
                size=style.marker_size,
                line=dict(width=0.5, color="white"),
            ),
        )
        for j in range(resp.shape[1])
        for mine in [owner == j]
    ]
    for j, (mean, cov) in enumerate(zip(step.means, step.covariances, strict=True)):
        two = covariance_ellipse(mean, cov, 2.0, 48)
        one = (two + mean) / 2  # the 1σ ellipse: halfway from the mean to the 2σ one
        traces += [
            ellipse_trace(two, j, t("gmm.component", k=j + 1) if names else "", style.line_width * 0.8),
            ellipse_trace(one, j, "", style.line_width * 0.6, dash="dot"),
        ]
    traces.append(
        dict(
            type="scatter",
            mode="markers+text",
            x=step.means[:, 0],
            y=step.means[:, 1],
            name=t("gmm.means"),
            showlegend=names,
            text=np.array([f"π{j + 1} = {w:.2f}" for j, w in enumerate(step.weights)]),
            textposition="top center",
            textfont=dict(size=style.font_size, color=BLACK),
            marker=dict(
                symbol="x-thin", size=style.marker_size * 2, color=BLACK, line=dict(width=3, color=BLACK)
            ),
        )
    )
    if selected is not None:
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=X[[selected], 0],
                y=X[[selected], 1],
                name=t("gmm.selected"),
                showlegend=names,
                marker=dict(
                    symbol="circle-open",
                    size=style.marker_size * 2.6,
                    color=HIGHLIGHT_COLOR,
                    line=dict(width=max(2, style.line_width * 0.8)),
                ),
            )
        )
    return traces


def data_static(ctx, axes: Axes, clickable: bool, height: int | None = None, legend_rows: int | None = None):
    """The fixed part of a stepping data chart (the legend wraps to more rows in projector mode)."""
    rows = (3 if ctx.projector else 2) if legend_rows is None else legend_rows
    fig = figure(ctx, axes, " ", height or ctx.style.figure_height + 100, legend_rows=rows)
    if clickable:
        add_edit_grid(fig, axes.x_range, axes.y_range)
    return fig


def likelihood_chart(ctx, runs, key, bound_curve=False):
    """ℓ(θ) after every half-step (and the lower bound J(Q, θ) of CS229 Part IX)."""
    lines, values = [], []
    for j, (name, history) in enumerate(runs):
        steps = np.arange(len(history), dtype=float) / 2
        ll = np.array([s.log_likelihood for s in history])
        lines.append(Curve(t("gmm.ll_of", name=name), steps, ll, CLASS_COLORS[j]))
        values.append(ll)
        if bound_curve:
            lb = np.array([s.lower_bound for s in history])
            lines.append(Curve(t("gmm.bound"), steps, lb, TRUTH_COLOR, "dot", 0.8))
            values.append(lb)
    v = np.concatenate(values)
    finite = v[np.isfinite(v)]
    lo, hi = (float(finite.min()), float(finite.max())) if len(finite) else (0.0, 1.0)
    q = float(np.quantile(finite, 0.2)) if len(finite) else lo
    lo = max(lo, q - 3 * (hi - q))  # a far-off start must not flatten the rest of the curve
    top = max(len(h) for _, h in runs) / 2
    axes = Axes(
        (0, max(top, 0.5)), padded_range(np.array([lo, hi]), 0.1), t("gmm.iteration"), t("gmm.loglik")
    )
    traces = [line_trace(curve, ctx.style) for curve in lines]
    for trace in traces:
        trace["line"]["shape"] = "hv"
    fig = finished_figure(ctx.style, axes, t("gmm.ll_title"), traces, height=SIDE_HEIGHT, legend_rows=2)
    chart(fig, key=key)
