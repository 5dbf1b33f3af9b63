"""Edge detection: the classic kernels (the seed's [1, −1], Sobel, Prewitt, Laplacian, blur, sharpen)
convolved with a small synthetic image, then optionally max-pooled (translation tolerance).

Seed 003 §7.6.4 ((46): a kernel finds vertical edges; convolution is position-sensitive; pooling (47)).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import EDGE_KERNELS
from algorithms import conv2d
from algorithms import pool2d
from algorithms import synthetic_image
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.i18n import t
from views.deep_learning._grids import grid_panels

DATA = None
SIZE = 32


@st.cache_data(max_entries=4, show_spinner=False)
def image(size: int):
    return synthetic_image(size)


def render(ctx, controls, main) -> None:
    with controls:
        name = choice(
            t("dl.kernel"), list(EDGE_KERNELS), "dl.edge_kernel", catalogue_labels("dl.edge_kernels")
        )
        pool = st.toggle(t("dl.edge_pool"), help=t("dl.edge_pool_help"), **bound("dl.edge_pool"))
        size = slider(t("dl.window"), 2, 4, 2, "dl.edge_window") if pool else 2
    img, K = image(SIZE), EDGE_KERNELS[name]
    pad = (K.shape[0] // 2, K.shape[1] // 2)
    Y = conv2d(img, K, pad)
    panels = [(t("dl.image"), img), (t("dl.feature_map"), Y)]
    if pool:
        panels.append((t("dl.pooled"), pool2d(Y, size)))
    with main:
        fig = grid_panels(panels, ctx.style, numbers=False)
        chart(fig, key="dl.edges_chart")
        metric_rows(
            [
                (t("dl.output_shape"), " → ".join(f"{p.shape[0]} × {p.shape[1]}" for _, p in panels)),
                (t("dl.strongest"), f"{np.abs(Y).max():.3g}"),
            ],
            ctx.projector,
        )
    formula_panel(
        [Formula(rf"K = {matrix(K)},\ Y = X \star K\ (p = {pad[0]}, {pad[1]})", "seed 003 §7.6.1, (46)")],
        ctx.projector,
    )
    code_view(conv2d, synthetic_image, projector=ctx.projector)
