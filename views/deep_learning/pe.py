"""Sinusoidal positional encoding as a heat-map (positions × dimensions): fast sines in the first
dimensions, slow ones in the last, so every position gets its own pattern.

Seed 003 §7.7.3, (54): PE(pos, 2i) = sin(pos/10000^{2i/d}), PE(pos, 2i+1) = cos(pos/10000^{2i/d}).
"""

from __future__ import annotations

from algorithms import positional_encoding
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import number
from ui.i18n import t
from views.deep_learning._grids import grid_panels

DATA = None


def render(ctx, controls, main) -> None:
    with controls:
        length = slider(t("dl.length"), 2, 100, 50, "dl.length")
        d_model = slider(t("dl.d_model"), 4, 64, 32, "dl.d_model", step=2)
        pos = slider(t("dl.position"), 0, length - 1, min(10, length - 1), "dl.position")
    PE = positional_encoding(length, d_model)
    with main:
        fig = grid_panels(
            [(t("dl.pe_title"), PE)], ctx.style, numbers=False, height=int(ctx.style.figure_height * 1.1)
        )
        fig.update_layout(
            xaxis=dict(visible=True, title=t("dl.dimension")),
            yaxis=dict(visible=True, title=t("dl.position"), scaleanchor=None),
        )
        chart(fig, key="dl.pe_chart")
    angle = pos / 10000 ** (2 / d_model)
    formula_panel(
        [
            Formula(
                rf"PE({pos}, 2) = \sin\Big(\frac{{{pos}}}{{10000^{{2/{d_model}}}}}\Big) = "
                rf"\sin({number(angle)}) = {number(PE[pos, 2])}",
                "seed 003 §7.7.3, (54)",
            )
        ],
        ctx.projector,
    )
    code_view(positional_encoding, projector=ctx.projector)
