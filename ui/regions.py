"""Regions: which class or cluster each point of a grid belongs to, as a light heat map."""

from __future__ import annotations

import numpy as np

from ui.figures import discrete_scale
from ui.theme import REGION_COLORS


def region_trace(gx, gy, region: np.ndarray, n_regions: int, **extra) -> dict:
    """Region indices on the grid gx × gy (rows = gy) as a uint8 heat-map trace dict.

    Region k is drawn in the light REGION_COLORS[k] (cycling); at least two colours are used.
    """
    n = max(n_regions, 2)
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=np.asarray(region).astype(np.uint8),
        zmin=-0.5,
        zmax=n - 0.5,
        name="",
        colorscale=discrete_scale([REGION_COLORS[k % len(REGION_COLORS)] for k in range(n)]),
        showscale=False,
        hoverinfo="skip",
        **extra,
    )
