"""Rings: hollow markers around the points a figure singles out (support vectors, a step's pair)."""

from __future__ import annotations

import numpy as np

from ui.theme import Style


def ring_trace(
    X: np.ndarray,
    name: str,
    style: Style,
    color: str,
    symbol: str = "circle-open",
    size: float = 2.3,
    **extra,
) -> dict:
    """Rings of ``color`` around the rows of X (n, 2), ``size`` times the style's marker size.

    Extra keys (customdata, xaxis, …) pass through to the trace.
    """
    return dict(
        type="scatter",
        mode="markers",
        x=X[:, 0],
        y=X[:, 1],
        name=name,
        marker=dict(
            symbol=symbol,
            size=style.marker_size * size,
            color=color,
            line=dict(width=style.line_width * 0.8, color=color),
        ),
        **extra,
    )
