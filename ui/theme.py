"""Colours, marker shapes and sizes shared by every figure; projector mode scales them up.

The palette is Okabe–Ito (colour-blind safe); classes also differ by marker symbol, so no
information is carried by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

# Okabe & Ito (2008), "Color Universal Design".
BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY, YELLOW, BLACK = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#E69F00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#000000",
)
CLASS_COLORS = (BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY)
CLASS_SYMBOLS = ("circle", "x", "triangle-up", "square", "diamond", "star")
# Light tints of the class colours for decision regions (same order).
REGION_COLORS = ("#CCE3F0", "#F7DCCC", "#CCECE3", "#FAECCC", "#F5E4ED", "#DDF0FB")
FIT_COLOR, TRUTH_COLOR, ALT_COLOR, HIGHLIGHT_COLOR = GREEN, "#777777", VERMILLION, ORANGE


@dataclass(frozen=True)
class Style:
    """Sizes for one display mode."""

    font_size: int
    marker_size: int
    line_width: float
    figure_height: int

    @property
    def title_size(self) -> int:
        return self.font_size + 2


NORMAL = Style(font_size=13, marker_size=8, line_width=2.5, figure_height=440)
PROJECTOR = Style(font_size=20, marker_size=13, line_width=4.5, figure_height=560)


def style_for(projector: bool) -> Style:
    return PROJECTOR if projector else NORMAL


PROJECTOR_CSS = """
<style>
html, body, [data-testid="stAppViewContainer"] { font-size: 20px; }
[data-testid="stMarkdownContainer"] p, [data-testid="stMarkdownContainer"] li,
[data-testid="stWidgetLabel"] p, [data-testid="stMetricLabel"] p { font-size: 1.2rem; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] * { font-size: 2.4rem !important; }
h1 { font-size: 2.6rem !important; } h2, h3 { font-size: 2.0rem !important; }
</style>
"""
# On every page: segmented controls wrap (their buttons, and the text in a button), and so do the labels
# of toggles and checkboxes with a help icon (Streamlit cuts them with an ellipsis), instead of being
# clipped in a narrow column of controls (long option names; Chinese and projector text).
PAGE_CSS = """
<style>
[data-testid="stButtonGroup"] div:has(> button) { flex-wrap: wrap; }
[data-testid="stButtonGroup"] button { max-width: 100%; height: auto; }
[data-testid="stButtonGroup"] button * { white-space: normal; min-width: 0; }
[data-testid="stCheckbox"] .stMarkdownEllipsis, [data-testid="stCheckbox"] .stMarkdownEllipsis * {
  white-space: normal; height: auto; }
</style>
"""
