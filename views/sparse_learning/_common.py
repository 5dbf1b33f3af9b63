"""What the sparse-learning views share: λ ranges, the model choice, the stem plot and the last good fit."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GaussianBasis
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import figure
from ui.i18n import t
from ui.theme import HIGHLIGHT_COLOR

LAM_RANGE = (-4, 2)  # slider decades for λ
KERNEL_CENTRES = 200  # above this n the kernel model uses 200 random inputs as centres (Sugiyama §2.2)
ZERO_TOL = 1e-3  # the book's footnote to Fig 5.7: |θ_j| ≤ 10⁻³ counts as 0


def make_basis(model: str, h: float):
    """None (raw inputs: linear model, unpenalised intercept) or the Gaussian kernel model ((2.2))."""
    return GaussianBasis(h, n_centers=KERNEL_CENTRES) if model == "gaussian" else None


def kept_fit(key: str, fit, *args):
    """``fit(*args)``; after a ValueError (bad input) its message and the last good result of this view."""
    store = f"sp.last_good.{key}"
    try:
        result = fit(*args)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        previous = st.session_state.get(store)
        if previous is not None:
            st.caption(t("sp.kept_last"))
        return previous
    st.session_state[store] = result
    return result


def stem_traces(theta, style, names=None) -> list[dict]:
    """The stems and heads of θ_j in the fit colour, (near-)zeros grey (Sugiyama Fig 5.7, spec proposal)."""
    theta = np.asarray(theta, float)
    j = np.arange(1, len(theta) + 1) if names is None else np.asarray(names)
    colours = np.where(np.abs(theta) <= ZERO_TOL, TRUTH_COLOR, FIT_COLOR)
    xs = [x for k in range(len(theta)) for x in (k, k, None)]  # None breaks the line between stems
    ys = [v for value in theta.tolist() for v in (0.0, value, None)]
    return [
        dict(
            type="scatter",
            mode="lines",
            x=xs,
            y=ys,
            line=dict(color=FIT_COLOR, width=style.line_width * 0.8),
            hoverinfo="skip",
            showlegend=False,
        ),
        dict(
            type="scatter",
            mode="markers",
            x=np.arange(len(theta)),
            y=theta,
            name="θ_j",
            showlegend=False,
            marker=dict(color=colours.tolist(), size=style.marker_size * 0.8),
            text=[str(v) for v in j],
            hovertemplate="%{text}: %{y:.4g}<extra></extra>",
        ),
    ]


def stem_figure(theta, style, title: str, names=None, relevant=None, height: int | None = None) -> go.Figure:
    """A stem plot of θ_j; ``relevant`` marks the truly relevant features with a ring."""
    theta = np.asarray(theta, float)
    lim = float(np.abs(theta).max(initial=0.0)) * 1.15 or 1.0
    traces = stem_traces(theta, style, names)
    if relevant is not None and np.any(relevant):
        idx = np.flatnonzero(relevant)
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=idx,
                y=theta[idx],
                name=t("sp.relevant"),
                marker=dict(
                    color="rgba(0,0,0,0)",
                    size=style.marker_size * 1.9,
                    line=dict(color=HIGHLIGHT_COLOR, width=2.5),
                ),
            )
        )
    axes = Axes(
        (-0.7, len(theta) - 0.3), (-lim, lim), t("sp.index" if names is None else "sp.feature"), "θ_j"
    )
    fig = figure(style, axes, title, traces, height=height)
    if names is not None:
        fig.update_xaxes(tickmode="array", tickvals=list(range(len(theta))), ticktext=[str(v) for v in names])
    return fig
