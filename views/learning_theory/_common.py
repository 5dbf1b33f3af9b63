"""What the learning-theory views share: the data request (only the MAP view uses the data panel)."""

from ui.data_panel import DataRequest
from ui.theme import HIGHLIGHT_COLOR
from ui.views import view_before_drawn
from ui.views import view_code

DATA_VIEWS = ("bayes",)


def data_request(views) -> DataRequest | None:
    """Regression data for the MAP view; the other views simulate their own samples."""
    if view_code(view_before_drawn("lt", views)) in DATA_VIEWS:
        return DataRequest("regression", 1, "glm_gaussian")
    return None


def vertical_line(x: float, y_range, style) -> dict:
    """A dotted vertical line at x marking the current setting (a trace, so log axes need nothing)."""
    return dict(
        type="scatter",
        mode="lines",
        x=[x, x],
        y=list(y_range),
        showlegend=False,
        hoverinfo="skip",
        line=dict(color=HIGHLIGHT_COLOR, dash="dot", width=style.line_width / 2),
    )
