"""What the grid-world views share: the editable layout (in the URL), the world's controls and the
value heat-map with the greedy policy as arrows."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GridWorld
from algorithms import parse_layout
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.figures import Axes
from ui.figures import base_figure
from ui.i18n import t
from ui.theme import BLACK
from ui.views import fitted

P = "rl"
LAYOUT_KEY = "rl.layout"
WORLDS = {
    "cs229": "...+;.#.-;....",
    "two_goals": "+........;.#######.;........*",
    "cliff": "......;......;.####.;.----+",
    "maze": "...#...;.#.#.#.;.#...#.;.####.#;......+",
}
BRUSHES = ["inspect", "wall", "free", "goal", "big_goal", "pit"]
BRUSH_CHARS = {"wall": "#", "free": ".", "goal": "+", "big_goal": "*", "pit": "-"}
ARROWS = np.array(["↑", "→", "↓", "←", ""])  # index −1 (terminal) → ""
CELL_LABELS = {"+": "+1", "*": "+10", "-": "−1"}


def valid(layout) -> bool:
    try:
        parse_layout(layout)
    except ValueError:
        return False
    return True


def read_layout(default: str) -> str:
    """The edited layout: this session's, else the URL's (if well formed), else ``default``."""
    if LAYOUT_KEY not in st.session_state:
        text = st.query_params.get(LAYOUT_KEY, "")
        st.session_state[LAYOUT_KEY] = text if text and valid(text) else default
    layout = st.session_state[LAYOUT_KEY]
    return layout if valid(layout) else default


def write_layout(layout: str) -> None:
    st.query_params[LAYOUT_KEY] = layout


def world_picker(default_world: str = "cs229") -> str:
    """A named world; choosing one replaces the edited layout."""

    def reset():
        st.session_state[LAYOUT_KEY] = WORLDS[st.session_state["rl.world"]]

    world = choice(t("rl.world"), list(WORLDS), "rl.world", catalogue_labels("rl.worlds"),
                   default=default_world, on_change=reset)
    return read_layout(WORLDS[world])


def world_controls(gamma_default: float = 0.9, with_gamma: bool = True):
    """Step reward, slip probability and γ."""
    step_reward = slider(t("rl.step_reward"), -0.5, 0.2, -0.02, "rl.step_reward", step=0.01,
                         help=t("rl.step_reward_help"))
    slip = slider(t("rl.slip"), 0.0, 0.8, 0.2, "rl.slip", step=0.05, help=t("rl.slip_help"))
    gamma = slider(t("rl.gamma"), 0.5, 1.0, gamma_default, "rl.gamma", step=0.01,
                   help=t("rl.gamma_help")) if with_gamma else 1.0
    return step_reward, slip, gamma


@st.cache_data(max_entries=64, show_spinner=False)
def make_world(layout: str, step_reward: float, slip: float, gamma: float) -> GridWorld:
    rewards, walls, terminals = parse_layout(layout, step_reward)
    return GridWorld(rewards, walls, terminals, slip, gamma)


def built_world(layout, step_reward, slip, gamma) -> GridWorld | None:
    """The world, or None once the reason it is impossible is shown."""
    return fitted(make_world, layout, step_reward, slip, gamma)


def brush_picker() -> str:
    brush = choice(t("rl.brush"), BRUSHES, "rl.brush", catalogue_labels("rl.brushes"))
    st.caption(t("rl.brush_help"))
    return brush


def cell_sliders(shape) -> tuple[int, int]:
    row = slider(t("rl.row"), 1, shape[0], shape[0], "rl.row")
    col = slider(t("rl.col"), 1, shape[1], 1, "rl.col")
    return row - 1, col - 1


def clicked(layout: str, brush: str, points: list[dict]) -> None:
    """A click inspects a cell (moves the row/column sliders) or paints it with the brush."""
    if not points:
        return
    rows = layout.split(";")
    r, c = int(round(points[0]["y"])), int(round(points[0]["x"]))
    if not (0 <= r < len(rows) and 0 <= c < len(rows[0])):
        return
    if brush == "inspect":
        st.session_state["rl.row"], st.session_state["rl.col"] = r + 1, c + 1
        return
    rows[r] = rows[r][:c] + BRUSH_CHARS[brush] + rows[r][c + 1:]
    st.session_state[LAYOUT_KEY] = ";".join(rows)


def grid_static(layout: str, ctx, title: str = " ", selected: tuple[int, int] | None = None) -> go.Figure:
    """Walls as dark squares, terminal cells labelled, an invisible clickable marker on every cell."""
    chars = np.array([list(r) for r in layout.split(";")])
    n_rows, n_cols = chars.shape
    axes = Axes((-0.5, n_cols - 0.5), (n_rows - 0.5, -0.5), equal=True)
    height = min(ctx.style.figure_height + 60, 110 + 70 * n_rows + (40 if ctx.projector else 0))
    fig = base_figure(ctx.style, axes, title, max(height, 300))
    fig.update_xaxes(showgrid=False, zeroline=False, showticklabels=False)
    fig.update_yaxes(showgrid=False, zeroline=False, showticklabels=False, autorange=False)
    for r, c in np.argwhere(chars == "#"):
        fig.add_shape(type="rect", x0=c - 0.5, x1=c + 0.5, y0=r - 0.5, y1=r + 0.5,
                      fillcolor="#444444", line=dict(width=0), layer="above")
    if selected is not None:
        r, c = selected
        fig.add_shape(type="rect", x0=c - 0.47, x1=c + 0.47, y0=r - 0.47, y1=r + 0.47,
                      line=dict(color=BLACK, width=ctx.style.line_width * 1.4), layer="above")
    return fig


def value_traces(world: GridWorld, layout: str, values, policy, style, digits: int = 2) -> list[dict]:
    """The value heat-map, each free cell's value and greedy arrow (terminal cells show their reward)."""
    chars = np.array([list(r) for r in layout.split(";")])
    grid = world.to_grid(values, fill=0.0)  # walls: covered by their dark squares
    cells = world.cells
    arrows = ARROWS[np.asarray(policy)]
    text = [
        CELL_LABELS.get(chars[r, c], "") + ("" if chars[r, c] in CELL_LABELS else f"{a}<br>{v:.{digits}f}")
        for (r, c), a, v in zip(cells, arrows, values, strict=True)
    ]
    span = float(np.max(np.abs(grid)))
    return [
        dict(type="heatmap", z=grid, x=np.arange(grid.shape[1]), y=np.arange(grid.shape[0]),
             colorscale="RdBu", zmid=0.0, zmin=-max(span, 1e-9), zmax=max(span, 1e-9), hoverinfo="skip",
             colorbar=dict(title="V", thickness=14), showscale=True),
        dict(type="scatter", mode="text", x=cells[:, 1], y=cells[:, 0], text=text, showlegend=False,
             hoverinfo="skip", textfont=dict(size=style.font_size + 1, color=BLACK)),
        click_targets(grid.shape),
    ]


def click_targets(shape) -> dict:
    """Invisible markers on every cell (walls too), so a click anywhere reports its cell."""
    rr, cc = np.meshgrid(np.arange(shape[0]), np.arange(shape[1]), indexing="ij")
    return dict(type="scatter", mode="markers", x=cc.ravel(), y=rr.ravel(), showlegend=False,
                hoverinfo="skip", marker=dict(size=34, opacity=0.0), name="cells")
