"""What the least-squares views share: slider ranges, the kernel-centre cap, axes and level lines."""

import plotly.graph_objects as go
import streamlit as st

from ui.figures import Axes
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import regression_figure
from ui.figures import title_and_legend
from ui.i18n import t
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR

H_RANGE, LAM_RANGE = (-2, 1), (-6, 3)  # slider decades for h and λ
KERNEL_CENTRES = 500  # above this n the kernel model uses 500 random inputs as centres (Sugiyama §2.2)
N_CURVE = 400


def curve_axes(x, y, x_title, y_title) -> Axes:
    """Fixed ranges from the data only, so the frame does not jump when the fit changes."""
    return Axes(padded_range(x, 0.03), padded_range(y, 0.25), plain(x_title), plain(y_title))


def data_axes(train) -> Axes:
    """Curve axes of a one-feature training set."""
    return curve_axes(train.X[:, 0], train.y, train.feature_names[0], train.target_name)


def level_lines(x, y, z, width: float, ncontours: int | None = None, **contours) -> go.Contour:
    """Level lines of an objective surface in one colour."""
    return go.Contour(
        x=x,
        y=y,
        z=z,
        showscale=False,
        hoverinfo="skip",
        contours=dict(coloring="lines", **contours),
        colorscale=[[0, BLUE], [1, BLUE]],
        line=dict(width=width),
        ncontours=ncontours,
        name="J",
    )


def data_seed() -> int:
    """The data panel's seed, reused by the fits that draw random numbers."""
    return int(st.session_state.get("ls.seed", 0))


def star_marker(theta, name: str, style, size_scale: float):
    """The least-squares (or normal-equation) optimum in a parameter-space plot."""
    return points_trace(
        [theta[0]], [theta[1]], name, style, symbol="star", color=HIGHLIGHT_COLOR, size_scale=size_scale
    )


def fit_figure(x, y, curves, axes, style, title: str):
    """Training points and fitted curves, titled."""
    return regression_figure(x, y, curves, axes, style, data_name=t("ls.train_points"), title=title)


def half_width_legend(fig, style, title: str, projector: bool) -> None:
    """Enough legend rows for a figure in one of two side-by-side columns (stacked in projector mode):
    Plotly lines the entries up in columns as wide as the widest one; a tall legend gets a spare row, as
    Plotly's rows are a little taller than the layout's 1.7 em."""
    names = [str(trace.name) for trace in fig.data if trace.name and trace.showlegend is not False]
    widest = max((45 + 0.55 * style.font_size * len(name) for name in names), default=1.0)
    per_row = max(1, int((860.0 if projector else 300.0) // widest))
    rows = -(-len(names) // per_row)
    fig.update_layout(**title_and_legend(style, title, rows + (rows >= 4), height=fig.layout.height))
