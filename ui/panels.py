"""Small multiples: subplots that show one picture several times, side by side."""

from __future__ import annotations

import plotly.graph_objects as go

from ui.figures import Axes
from ui.theme import Style

BOX = dict(showticklabels=False, showgrid=False, zeroline=False, showline=True, linecolor="#bbb", mirror=True)


def boxed_panels(fig: go.Figure, axes: Axes, style: Style) -> go.Figure:
    """Every subplot over the same ranges, framed, without ticks or grid; subplot titles a size smaller."""
    fig.update_xaxes(range=list(axes.x_range), **BOX)
    fig.update_yaxes(range=list(axes.y_range), **BOX)
    fig.update_annotations(font=dict(size=style.font_size - 2))
    return fig


def panel_title(text: str, x: float, y: float, style: Style) -> dict:
    """A subplot's title as an annotation centred at (x, y) in paper coordinates, sitting on y."""
    return dict(
        text=text,
        x=x,
        y=y,
        xref="paper",
        yref="paper",
        xanchor="center",
        yanchor="bottom",
        showarrow=False,
        font=dict(size=style.font_size),
    )


def gallery_layout(fig: go.Figure, axes: Axes, style: Style, title: str, height: int, **layout) -> go.Figure:
    """A titled gallery of small multiples: :func:`boxed_panels`, the title above, no legend, white plots;
    ``layout`` adds entries (clickmode, dragmode, …)."""
    boxed_panels(fig, axes, style)
    fig.update_layout(
        height=height,
        margin=dict(l=10, r=10, t=70, b=10),
        title=dict(text=title, font=dict(size=style.title_size), x=0.01),
        font=dict(size=style.font_size),
        plot_bgcolor="white",
        showlegend=False,
        **layout,
    )
    return fig
