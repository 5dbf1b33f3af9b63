"""What the anomaly views share: the planted anomalies, square axes and figures, and a shaded region."""

import numpy as np
import plotly.graph_objects as go

from ui.figures import SIDE_LEGEND
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import padded_range
from ui.figures import plain

P = "anom"
PLANTED_SETS = {"lof_demo", "gaussian_outliers", "kliep_demo"}
REGION_TINT = "#F7DCCC"  # light vermillion: the anomalous region


def planted(train, idx=slice(None)) -> np.ndarray:
    """Indices of the planted anomalies of the book's demo sets (y = 1), else none; among the
    samples ``idx`` (a view's fit subset) if given."""
    if train.name not in PLANTED_SETS or train.y is None:
        return np.zeros(0, dtype=int)
    return np.flatnonzero(np.asarray(train.y)[idx] == 1)


def square_axes(X, names, pad=0.1) -> Axes:
    """Equal ranges on both axes (circles stay round and the shaded grid covers the whole plot)."""
    (x0, x1), (y0, y1) = padded_range(X[:, 0], pad), padded_range(X[:, 1], pad)
    half = max(x1 - x0, y1 - y0) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return Axes((cx - half, cx + half), (cy - half, cy + half), plain(names[0]), plain(names[1]), equal=True)


def square_figure(style, axes: Axes, title: str = "") -> go.Figure:
    """A base figure whose plot area, not its ranges, adapts to keep the scale equal."""
    fig = base_figure(style, axes, title, height=int(style.figure_height * 1.3))
    fig.update_xaxes(constrain="domain")
    fig.update_yaxes(constrain="domain")
    # The square leaves room at the side: a vertical legend there keeps the top for the title.
    fig.update_layout(
        legend=SIDE_LEGEND,
        margin=dict(t=style.title_size * 2 + 16 if title else 20),
    )
    return fig


def region_trace(gx, gy, inside: np.ndarray, tint: str = REGION_TINT) -> dict:
    """A part of the plane as a light uint8 heat-map (1 inside the region, 0 transparent)."""
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=inside.astype(np.uint8),
        zmin=0,
        zmax=1,
        showscale=False,
        colorscale=[[0, "rgba(255,255,255,0)"], [1, tint]],
        hoverinfo="skip",
        name="",
    )
