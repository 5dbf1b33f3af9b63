"""A small table of numbers drawn as a grid of coloured, labelled cells (code matrices, confusion
matrices): rows top to bottom, the label of each cell written in it."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go


def cell_grid(z, text, colorscale, title: str, style, *, height: int, text_size: int, gap: int, **heatmap):
    """The grid as a figure; ``heatmap`` adds Heatmap settings (zmin, zmax). Axes are the caller's."""
    z = np.asarray(z)
    fig = go.Figure(
        go.Heatmap(
            x=np.arange(z.shape[1]),
            y=np.arange(z.shape[0]),
            z=z,
            showscale=False,
            hoverinfo="skip",
            colorscale=colorscale,
            xgap=gap,
            ygap=gap,
            text=text,
            texttemplate="%{text}",
            textfont=dict(size=text_size),
            **heatmap,
        )
    )
    fig.update_layout(
        height=height,
        font=dict(size=style.font_size),
        title=dict(text=title, font=dict(size=style.title_size)),
        margin=dict(l=10, r=10, t=50, b=10),
        plot_bgcolor="white",
    )
    return fig
