"""Region heat maps: the colour of each region index."""

import numpy as np

from ui.regions import region_trace
from ui.theme import REGION_COLORS


def test_region_trace_maps_each_index_to_its_light_colour():
    trace = region_trace(np.arange(3), np.arange(2), np.array([[0, 1, 2], [2, 1, 0]]), 3, opacity=0.5)
    assert trace["z"].dtype == np.uint8 and (trace["zmin"], trace["zmax"]) == (-0.5, 2.5)
    assert trace["colorscale"] == [
        [0.0, REGION_COLORS[0]], [1 / 3, REGION_COLORS[0]],
        [1 / 3, REGION_COLORS[1]], [2 / 3, REGION_COLORS[1]],
        [2 / 3, REGION_COLORS[2]], [1.0, REGION_COLORS[2]],
    ]
    assert trace["opacity"] == 0.5
    one = region_trace(np.arange(2), np.arange(2), np.zeros((2, 2), int), 1)
    assert one["zmax"] == 1.5 and len(one["colorscale"]) == 4
    wrapped = region_trace(np.arange(2), np.arange(2), np.zeros((2, 2), int), 8)
    assert wrapped["colorscale"][-1][1] == REGION_COLORS[1]
