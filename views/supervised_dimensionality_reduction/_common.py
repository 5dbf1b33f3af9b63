"""What the supervised-DR views share: the classes as marker traces, directions drawn through the data,
per-class histograms of 1-D projections, graph edges and the checks that stop a view on unusable data."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.charts import chart
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import class_traces
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import scatter_axes
from ui.i18n import t
from ui.polylines import graph_trace
from ui.polylines import graph_walk
from ui.theme import CLASS_COLORS
from ui.views import fit_subset

P = "sdr"
SAMPLE_LIMIT = 1_000  # LFDA's affinities, LSDR's kernels, the 1-NN accuracy are n × n: a sample above
MAX_EDGES = 6000  # more graph edges than this are not drawn (a caption says so)
EDGE_COLOR = "#bbbbbb"
CROSS_EDGE_COLOR = "#E69F00"


def sample(data, main, keep=(), limit: int = SAMPLE_LIMIT) -> np.ndarray:
    """Indices of the samples a view fits and draws: all up to ``limit``, else an even sample of that
    many holding ``keep`` (said on screen by ``fit_subset``)."""
    n = len(data.train.X)
    with main:
        return np.arange(n)[fit_subset(n, limit, keep)]


def classes_of(y) -> np.ndarray:
    return np.unique(np.asarray(y))


def usable(data) -> bool:
    """A labelled data set with two or more classes, else a message (edited data can end with one)."""
    y = data.train.y
    if y is None or len(np.unique(np.asarray(y))) < 2:
        st.warning(t("sdr.one_class"), icon=":material/warning:")
        return False
    return True


def class_names(classes, target: str) -> list[str]:
    return [f"{plain(target)} = {plain(str(c))}" for c in classes]


def plane_axes(train) -> Axes:
    """Equal-scale axes from the data: directions keep their true angles."""
    return scatter_axes(train.X, train.feature_names, 0.12, equal=True)


def direction_trace(centre, direction, axes: Axes, name: str, color: str, style, dash: str = "solid") -> dict:
    """The line through ``centre`` along ``direction``, long enough to cross the plot."""
    span = max(axes.x_range[1] - axes.x_range[0], axes.y_range[1] - axes.y_range[0])
    ends = np.vstack([centre - 3 * span * direction, centre + 3 * span * direction])
    return line_trace(Curve(name, ends[:, 0], ends[:, 1], color, dash, width_scale=1.2), style)


def direction_angle(v) -> float:
    """Angle of a 2-D direction in degrees, in [0, 180)."""
    return float(np.degrees(np.arctan2(v[1], v[0])) % 180.0)


def data_traces(X, y, train, style, index=None) -> list[dict]:
    """One trace per class; customdata: the points' indices in the data (``index``: of the rows of X)."""
    classes = classes_of(y)
    traces = class_traces(X, y, classes, style, names=class_names(classes, train.target_name))
    return traces if index is None else [dict(tr, customdata=index[tr["customdata"]]) for tr in traces]


def edges_trace(X, edges, name: str, color: str = EDGE_COLOR, width: float = 0.8) -> dict | None:
    """Graph edges (pairs of sample indices) as one thin grey line trace; None when too many."""
    if len(edges) == 0 or len(edges) > MAX_EDGES:
        return None
    return graph_trace(graph_walk(X, edges), name, color, width)


def projection_histogram(z, y, title: str, ctx, key: str, height: int = 215) -> None:
    """Per-class histograms (overlaid) of a 1-D projection z."""
    lo, hi = padded_range(z, 0.05)
    edges = np.linspace(lo, hi, 31)
    centres = (edges[:-1] + edges[1:]) / 2
    y = np.asarray(y)
    classes = classes_of(y)
    counts = [np.histogram(z[y == c], edges)[0] for c in classes]
    top = max(int(c.max()) for c in counts) * 1.15 + 1
    fig = base_figure(ctx.style, Axes((lo, hi), (0, top), "z", t("sdr.count")), title, height=height)
    for k, (label, c) in enumerate(zip(classes, counts, strict=True)):
        fig.add_trace(go.Bar(x=centres, y=c.astype(float), marker_color=CLASS_COLORS[k % len(CLASS_COLORS)],
                             opacity=0.7, name=plain(str(label)), showlegend=False,
                             width=float(edges[1] - edges[0])))
    fig.update_layout(barmode="overlay", margin=dict(t=40, b=10))
    chart(fig, key=key)
