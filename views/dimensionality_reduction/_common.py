"""What the dimensionality-reduction views share: the data coloured by its target, equal-scale axes,
lines through the data, the editable chart and the log-likelihood curve of EM and ICA."""

from dataclasses import replace

import numpy as np
import streamlit as st

from algorithms.datasets import Dataset
from ui.charts import DISPLAY_MARKERS
from ui.charts import chart
from ui.charts import even_sample
from ui.data_panel import LoadedData
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import class_traces
from ui.figures import curves_figure
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import scatter_axes
from ui.i18n import t
from ui.theme import BLUE
from ui.views import fit_subset

P = "dr"
COLORSCALE = "Viridis"


def class_labels(y) -> np.ndarray:
    """The target as labels: strings stay strings (mixed objects become strings), numbers stay numbers."""
    y = np.asarray(y)
    return y.astype(str) if y.dtype.kind in "OUS" else y


def colouring(y):
    """How points are coloured by y: ("none", None), ("classes", labels) or ("values", floats)."""
    if y is None:
        return "none", None
    y = np.asarray(y)
    classes = np.unique(class_labels(y))
    if 2 <= len(classes) <= 10:
        return "classes", classes
    if y.dtype.kind in "biuf" and len(classes) > 10:
        return "values", y.astype(float)
    return "none", None


def data_traces(
    X2, train, style, size_scale: float = 1.0, colorbar: bool = True, keep=slice(None)
) -> list[dict]:
    """The points X2 (the training data or its embedding) as marker traces (customdata = sample
    index), coloured by the training target where it helps; only the points ``keep`` (an even sample
    from :func:`drawn_points`)."""
    kind, info = colouring(train.y)
    target = target_label(train)
    index = np.arange(len(X2))[keep]
    X2 = X2[keep]
    if kind == "classes":
        traces = class_traces(
            X2, class_labels(train.y)[keep], info, style, names=[f"{target} = {c}" for c in info]
        )
        return [{**trace, "customdata": index[trace["customdata"]]} for trace in traces]
    trace = points_trace(
        X2[:, 0],
        X2[:, 1],
        t("dr.data_points"),
        style,
        color=BLUE,
        customdata=index,
        size_scale=size_scale,
    )
    if kind == "values":
        trace["marker"].update(
            color=info[keep],
            cmin=info.min(),
            cmax=info.max(),
            colorscale=COLORSCALE,
            showscale=colorbar,
            colorbar=dict(title=dict(text=plain(target)), thickness=14, len=0.7),
        )
        trace["marker"]["line"] = dict(width=0.5, color="white")
    return [trace]


def drawn_points(n: int, traces: int) -> slice | np.ndarray:
    """The points a chart draws when each is drawn ``traces`` times (the data, its projections): an
    even sample of at most DISPLAY_MARKERS // traces, so the chart does not sample again. Say so with
    :func:`ui.charts.drawn_caption`."""
    return even_sample(n, DISPLAY_MARKERS // traces)


def target_label(train) -> str:
    """The colouring variable's name: translated for the book's sets, as given for the user's file."""
    key = f"dr.target.{train.name}"
    text = t(key)
    return train.target_name if text == key else text


def data_axes(train) -> Axes:
    """Equal-scale axes from the data (directions keep their true angles)."""
    return scatter_axes(train.X, train.feature_names, 0.12, equal=True)


def line_across(centre, direction, axes: Axes) -> tuple[np.ndarray, np.ndarray]:
    """x and y of the line through ``centre`` along ``direction``, long enough to cross the plot."""
    span = max(axes.x_range[1] - axes.x_range[0], axes.y_range[1] - axes.y_range[0])
    line = np.vstack([centre - 3 * span * direction, centre + 3 * span * direction])
    return line[:, 0], line[:, 1]


def unit(v) -> np.ndarray:
    """v scaled to length 1 (a zero vector stays zero)."""
    return v / (float(np.sqrt(v @ v)) or 1.0)


def direction_angle(v) -> float:
    """Angle of a direction in degrees, in [0, 180)."""
    return float(np.degrees(np.arctan2(v[1], v[0])) % 180.0)


def fit_sample(train: Dataset, limit: int) -> Dataset:
    """The training set, or :func:`ui.views.fit_subset`'s sample of ``limit`` of its points (said
    on screen) when it has more."""
    idx = fit_subset(len(train.X), limit)
    if isinstance(idx, slice):
        return train
    return replace(train, X=train.X[idx], y=None if train.y is None else train.y[idx])


def data_chart(fig, data: LoadedData, axes: Axes, key: str, sampled: bool = False) -> None:
    """The main 2-D view: click to add or remove points in edit mode (not on a fit subset, whose
    chart indices are the subset's)."""
    if not sampled:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key=key)
        return
    chart(fig, key=key)
    if edit_enabled(P):
        st.caption(t("dr.no_edit_sample"))


def likelihood_chart(history, count: str, titles, ctx, key: str, height: int, markers: bool = True):
    """ℓ after each step of a fit (EM never lowers it) against the steps' ``count`` attribute.

    ``titles``: the x axis's, the y axis's and the chart's.
    """
    steps = np.array([getattr(h, count) for h in history], float)
    ll = np.array([h.log_likelihood for h in history])
    pad = (ll.max() - ll.min()) * 0.08 or 1.0
    axes = Axes((0, max(steps[-1], 1)), (ll.min() - pad, ll.max() + pad), *titles[:2])
    fig = curves_figure(
        [Curve(t("dr.loglik"), steps, ll, FIT_COLOR)],
        axes,
        ctx.style,
        markers=markers,
        title=titles[2],
        height=height,
    )
    chart(fig, key=key)
