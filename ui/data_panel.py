"""The data panel (sidebar): a seed's toy data set, the user's CSV file, or points edited by clicking.

Returns the training set and, for generated data, an independent test set. A bad file or column
choice shows a message and the previous data stays in use.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace
from functools import partial
from types import MappingProxyType

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms.datasets import DATASETS
from algorithms.datasets import N_MAX
from algorithms.datasets import Dataset
from algorithms.datasets import dataset_names
from algorithms.datasets import load_dataset
from ui import csv_data
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.i18n import t

CSV = "csv"
EDIT_GRID = (40, 28)  # clickable cells across x and y when editing points


@dataclass(frozen=True)
class DataRequest:
    """What a page can use: the task, the number of input features, and the default set;
    ``categorical``: its estimators take text categories (a CSV's text columns are features too)."""

    task: str
    dims: int | None
    default: str
    categorical: bool = False


@dataclass(frozen=True)
class LoadedData:
    train: Dataset
    test: Dataset | None
    edited: bool = False

    def own_groups(self) -> np.ndarray | None:
        """The data set's own grouping as codes 0..g−1 when it is one (2–10 groups, at most n/2 of them),
        else None; None too once points were edited (clicked points have no group). Clustering and
        mixture views compare their result with it."""
        y = self.train.y
        if y is None or self.edited:
            return None
        groups, codes = np.unique(np.asarray(y).astype(str), return_inverse=True)
        return codes if 2 <= len(groups) <= 10 and len(groups) <= len(y) // 2 else None


@st.cache_resource(max_entries=128, show_spinner=False)
def cached_dataset(name: str, n: int | None, noise: float | None, seed: int, test: bool) -> Dataset | None:
    """Shared between sessions without copying: a Dataset is frozen and its arrays are read-only."""
    return load_dataset(name, n, noise, seed, test=test)


def data_panel(prefix: str, request: DataRequest) -> LoadedData:
    """Draw the data controls in the sidebar and return the data they describe."""
    names = dataset_names(request.task, request.dims)
    if request.task == "regression" and request.dims == 1:
        names += [n for n in dataset_names(request.task) if n not in names]
    options = names + [CSV]
    with st.sidebar:
        st.subheader(t("data.heading"), divider="gray")
        name = choice(t("data.dataset"), options, f"{prefix}.data", catalogue_labels("dataset"),
                      default=request.default, on_change=partial(_new_dataset, prefix))
        if name == CSV:
            data = _csv_panel(prefix, request)
        else:
            data = _generated_panel(prefix, name)
        data = _apply_edits(prefix, data, request)
    return data


N_LIMITS = (2, N_MAX)      # one slider range for every data set (a stable widget identity) …
NOISE_LIMITS = (0.0, 3.0)  # … clamped into each set's own range below


def _new_dataset(prefix: str) -> None:
    """The user picked another data set: start from its own n and noise."""
    for field in ("n", "noise"):
        st.session_state.pop(f"{prefix}.{field}", None)


def _generated_panel(prefix: str, name: str) -> LoadedData:
    spec = DATASETS[name]
    st.caption(t("data.source", source=spec.source))
    n, noise = spec.n, spec.noise
    if spec.n is not None:
        chosen = slider(t("data.n"), *N_LIMITS, spec.n, f"{prefix}.n")
        n = int(np.clip(chosen, *spec.n_range))
        if n != chosen:
            st.caption(t("data.clamped", value=n, lo=spec.n_range[0], hi=spec.n_range[1]))
    if spec.noise is not None:
        chosen = slider(t("data.noise"), *NOISE_LIMITS, float(spec.noise), f"{prefix}.noise", step=0.01)
        noise = float(np.clip(chosen, *spec.noise_range))
        if noise != chosen:
            st.caption(t("data.clamped", value=f"{noise:g}", lo=f"{spec.noise_range[0]:g}",
                         hi=f"{spec.noise_range[1]:g}"))
    seed = 0
    if spec.n is not None:
        seed = st.number_input(t("data.seed"), 0, 9999, 0, step=1, **bound(f"{prefix}.seed"))
    train = cached_dataset(name, n, noise, int(seed), False)
    test = cached_dataset(name, n, noise, int(seed), True)
    return LoadedData(train, test)


def _csv_panel(prefix: str, request: DataRequest) -> LoadedData:
    table_key, error_key, good_key = f"{prefix}.csv_table", f"{prefix}.csv_error", f"{prefix}.csv_good"
    st.file_uploader(
        t("data.upload"),
        type=["csv", "txt"],
        key=f"{prefix}.csv_file",
        on_change=_read_upload,
        args=(prefix,),
        help=t("data.upload_help"),
    )
    if st.session_state.get(error_key):
        key, values = st.session_state[error_key]
        st.error(t(key, **values), icon=":material/error:")
    table = st.session_state.get(table_key)
    fallback = LoadedData(cached_dataset(request.default, None, None, 0, False), None)
    if table is None:
        st.info(t("data.csv_waiting"))
        return st.session_state.get(good_key, fallback)
    st.text(t("data.csv_loaded", rows=len(table), file=st.session_state.get(f"{prefix}.csv_name", "")))
    numeric = csv_data.numeric_columns(table)
    columns = list(table.columns)
    target_options = numeric if request.task == "regression" else columns
    if not target_options or (len(numeric) < 1 and not request.categorical):
        st.error(t("csv.not_numeric", names=", ".join(columns[:5])), icon=":material/error:")
        return st.session_state.get(good_key, fallback)
    target = st.selectbox(
        t("data.csv_target"), target_options, index=len(target_options) - 1, key=f"{prefix}.csv_target"
    )
    if request.categorical:  # text columns too, as many as wanted (not the rows' numbers)
        project, n_features = False, None
        candidates = [c for c in columns if c != target]
        features = st.multiselect(
            t("data.csv_features_any"),
            candidates,
            default=[c for c in candidates if c not in csv_data.row_numbers(table)],
            key=f"{prefix}.csv_features",
        )
    else:
        n_features = request.dims or 2
        project = st.toggle(t("data.csv_pca", k=n_features), key=f"{prefix}.csv_pca")
        candidates = [c for c in numeric if c != target]
        features = candidates if project else st.multiselect(
            t("data.csv_features", k=n_features),
            candidates,
            default=candidates[:n_features],
            max_selections=n_features,
            key=f"{prefix}.csv_features",
        )
    try:
        train, dropped = csv_data.build_dataset(
            table, features, target, request.task, project=project, n_features=n_features,
            categorical=request.categorical,
        )
    except csv_data.CsvError as err:
        st.error(t(err.key, **err.values), icon=":material/error:")
        return st.session_state.get(good_key, fallback)
    if dropped:
        st.warning(t("data.csv_dropped", n=dropped), icon=":material/warning:")
    data = LoadedData(train, None)
    st.session_state[good_key] = data
    return data


def _read_upload(prefix: str) -> None:
    """On upload: parse the file; keep the previous table if this one is unusable."""
    upload = st.session_state.get(f"{prefix}.csv_file")
    if upload is None:
        return
    try:
        table = csv_data.read_table(upload.getvalue())
    except csv_data.CsvError as err:
        st.session_state[f"{prefix}.csv_error"] = (err.key, err.values)
        return
    st.session_state[f"{prefix}.csv_table"] = table
    st.session_state[f"{prefix}.csv_name"] = upload.name
    st.session_state[f"{prefix}.csv_error"] = None
    for choice_key in ("csv_target", "csv_features", "csv_pca"):  # a new file starts afresh
        st.session_state.pop(f"{prefix}.{choice_key}", None)


# ---- editing points by clicking on the chart -------------------------------------------------


def data_signature(data: Dataset) -> tuple:
    labels = None if data.y is None else str(np.asarray(data.y)[:3])
    return (data.name, data.X.shape, float(np.sum(data.X)), labels)


def _apply_edits(prefix: str, data: LoadedData, request: DataRequest) -> LoadedData:
    """Edit controls; returns the data with the user's added/removed points applied."""
    if data.train.X.shape[1] > 2:
        return data
    edits = st.session_state.get(f"{prefix}.edits")
    if edits is not None and edits["base"] != data_signature(data.train):
        edits = st.session_state[f"{prefix}.edits"] = None
    st.toggle(t("data.edit"), help=t("data.edit_help"), **bound(f"{prefix}.edit"))
    if st.session_state.get(f"{prefix}.edit") and request.task == "classification":
        classes = np.unique(data.train.y)
        st.selectbox(t("data.edit_class"), classes.tolist(), key=f"{prefix}.edit_class")
    if edits is not None:
        st.button(
            t("data.edit_reset"),
            key=f"{prefix}.edit_reset",
            on_click=_reset_edits,
            args=(prefix,),
            icon=":material/undo:",
        )
        # Per-point extras (planted outliers, labelled flags) no longer match edited points.
        train = replace(data.train, X=edits["X"], y=edits["y"], extra=MappingProxyType({}))
        return LoadedData(train, data.test, edited=True)
    return data


def _reset_edits(prefix: str) -> None:
    st.session_state[f"{prefix}.edits"] = None


def edit_enabled(prefix: str) -> bool:
    return bool(st.session_state.get(f"{prefix}.edit"))


def add_edit_grid(fig: go.Figure, x_range, y_range) -> go.Figure:
    """Invisible clickable markers over the plot: a click on one adds a point there."""
    gx = np.linspace(*x_range, EDIT_GRID[0])[1:-1]
    gy = np.linspace(*y_range, EDIT_GRID[1])[1:-1]
    xx, yy = np.meshgrid(gx, gy)
    fig.add_trace(
        go.Scatter(
            x=xx.ravel(),
            y=yy.ravel(),
            mode="markers",
            name="grid",
            showlegend=False,
            hoverinfo="none",
            marker=dict(size=18, opacity=0.0, color="#000"),
        )
    )
    fig.update_layout(clickmode="event+select", dragmode=False)
    return fig


def editable_chart(fig: go.Figure, prefix: str, data: LoadedData, x_range, y_range, key: str) -> None:
    """Show ``fig``; in edit mode a click on empty space adds a point, a click on a point removes it.

    Data traces must carry the sample index as ``customdata`` (as the figure builders do).
    """
    if not edit_enabled(prefix):
        chart(fig, key=key)
        return
    fig = add_edit_grid(go.Figure(fig), x_range, y_range)
    grid_curve = len(fig.data) - 1
    chart(
        fig,
        key=key,
        on_select=lambda: edit_points(prefix, data.train, grid_curve, clicked_points(key)),
    )
    st.caption(t("data.edit_caption"))


def edit_points(prefix: str, train: Dataset, grid_curve: int, points: list[dict]) -> None:
    """Apply chart clicks: a click on the invisible grid (trace ``grid_curve``) adds a point there,
    a click on a data point (``customdata`` = its index) removes it."""
    edits = st.session_state.get(f"{prefix}.edits")
    X = np.array(train.X, dtype=float) if edits is None else edits["X"].copy()
    y = (None if train.y is None else np.array(train.y)) if edits is None else edits["y"]
    for point in points:
        if point.get("curve_number") == grid_curve:
            X, y = _add_point(X, y, point, train, prefix)
        elif "customdata" in point and point["customdata"] is not None:
            index = int(np.atleast_1d(point["customdata"])[0])
            if 0 <= index < len(X) and len(X) > 3:
                X = np.delete(X, index, axis=0)
                y = None if y is None else np.delete(y, index)
    base = data_signature(train) if edits is None else edits["base"]
    st.session_state[f"{prefix}.edits"] = {"base": base, "X": X, "y": y}


def _add_point(X, y, point, train: Dataset, prefix: str):
    """The clicked point. Its y: the chosen class (classification), the click height (1-D
    regression), the nearest point's value (other labelled data) or none (unlabelled)."""
    new_x = [point["x"]] if X.shape[1] == 1 else [point["x"], point["y"]]
    if y is None:
        return np.vstack([X, [new_x]]), None
    if train.task == "classification":
        new_y = st.session_state.get(f"{prefix}.edit_class", y[0])
    elif X.shape[1] == 1:
        new_y = point["y"]
    else:
        new_y = y[np.argmin(((X - new_x) ** 2).sum(1))]
    return np.vstack([X, [new_x]]), np.append(y, np.asarray([new_y]).astype(y.dtype))
