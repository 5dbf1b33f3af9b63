"""k-means step by step: assignment and update half-steps over the nearest-centre regions, from a
random, k-means++, bounding-box or clicked start, with restarts compared by their objective J.

Sugiyama §14.1 (Figs 14.2–14.3, (14.1)); CS229 Ch. 7a (distortion J, Fig 1(b) starts); seed 003 §3.2.
"""

import numpy as np
import streamlit as st

from algorithms import KMeans
from algorithms import kmeans_crosscheck
from algorithms import kmeans_plusplus
from ui.charts import chart
from ui.classroom import crosscheck
from ui.classroom import crosscheck_caption
from ui.classroom import crosscheck_points
from ui.classroom import crosscheck_wanted
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import set_values
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_list
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.frame import columns_or_stacked
from ui.i18n import current_language
from ui.i18n import t
from ui.i18n import text_in
from ui.polylines import polylines
from ui.regions import region_trace
from ui.stepper import StepView
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.clustering._centres import CENTRES_KEY
from views.clustering._centres import read_centres
from views.clustering._centres import write_centres
from views.clustering._common import SIDE_HEIGHT
from views.clustering._common import ari_text
from views.clustering._common import centre_trace
from views.clustering._common import data_axes
from views.clustering._common import first_picked
from views.clustering._common import k_slider
from views.clustering._common import points_dict
from views.clustering._common import ring_trace
from views.clustering._common import seed_slider
from views.clustering._common import step_regions
from views.clustering._common import stepping_points
from views.clustering._common import too_few
from views.clustering._stepping import clickable_stepper
from views.clustering._stepping import data_static
from views.clustering._stepping import edit_mode

INITS = ["random", "plusplus", "box", "click"]
INIT_ARGS = {"random": "random", "plusplus": "k-means++", "box": "box"}
STEP_RES = 100  # grid resolution of the regions drawn in every frame
START = r"\mu^{(0)}"


@st.cache_data(max_entries=64, show_spinner=False)
def fit_kmeans(X, k, init, n_init, seed, centres):
    init_arg = np.asarray(centres, float) if init == "click" else INIT_ARGS[init]
    return KMeans(k, init=init_arg, n_init=n_init, random_state=seed).fit(X)


@st.cache_data(max_entries=64, show_spinner=False)
def voronoi_regions(centers_per_step: np.ndarray, x_range, y_range) -> np.ndarray:
    """Nearest-centre index on the grid for every step's centres, uint8 (steps, res, res)."""
    return step_regions(centers_per_step, x_range, y_range, STEP_RES)


def render(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    centres = read_centres()
    with controls:
        init, k, n_init, seed = start_controls(ctx, centres)
    write_centres(centres if init == "click" else None)
    axes = data_axes(data.train)
    mode = edit_mode() or ("centres" if init == "click" else None)
    if init == "click" and not centres:
        with main:
            st.info(t("clu.click_first"))
            view = StepView(
                data_static(ctx, axes, True),
                lambda s: [
                    points_dict(X, t("clu.points"), ctx.style, TRUTH_COLOR, customdata=np.arange(len(X)))
                ],
                lambda s: t("clu.click_title"),
            )
            clickable_stepper("clu.km", 1, view, data, mode)
        return
    with main:
        if too_few(len(X), k) or (km := fitted(fit_kmeans, X, k, init, n_init, seed, tuple(centres))) is None:
            return
    with controls:
        run_index = run_picker(km) if len(km.runs_) > 1 else 0
        xcheck = crosscheck_wanted("clu")
    run = km.runs_[run_index]
    regions = voronoi_regions(np.array([s.centers for s in run.history]), axes.x_range, axes.y_range)
    with main:
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            check = crosscheck(kmeans_crosscheck, X, run) if xcheck else None
            kmeans_stepper(ctx, X, run, regions, axes, k, mode, check)
            if check is not None:
                crosscheck_caption(check, t("cls.xcheck_kmeans"))
        with right:
            objective_chart(run, ctx)
            if len(km.runs_) > 1:
                restarts_chart(km, run_index, ctx)
            else:
                st.caption(t("clu.one_run"))
        Js = [r.objective for r in km.runs_]
        metrics_row(
            [
                (t("clu.objective"), fmt(run.objective)),
                (t("metric.iterations"), str(run.n_iter)),
                (t("clu.best_J"), fmt(min(Js))),
                (t("clu.worst_J"), fmt(max(Js))),
                (t("clu.ari"), ari_text(data.own_groups(), run.labels)),
            ]
        )
    formula_panel(kmeans_formulas(X, run, init), ctx.projector)
    code_view(KMeans, *([kmeans_plusplus] if init == "plusplus" else []), projector=ctx.projector)


def start_controls(ctx, centres: list) -> tuple[str, int, int, int]:
    """The start (init), k, restarts and seed; a clicked start takes k from the clicked centres."""
    init = choice(t("clu.init"), INITS, "clu.init", catalogue_labels("clu.inits"))
    if init != "click":
        k = k_slider()
        n_init = slider(t("clu.restarts"), 1, 20, 5, "clu.restarts", help=t("clu.restarts_help"))
        return init, k, n_init, seed_slider()
    st.caption(t("clu.click_help", k=len(centres)))
    left, right = columns_or_stacked(ctx.projector, 2)
    for column, name, kept, icon in (
        (left, "undo_centre", centres[:-1], ":material/undo:"),
        (right, "clear_centres", [], ":material/delete:"),
    ):
        column.button(
            t(f"clu.{name}"),
            on_click=set_values,
            args=({CENTRES_KEY: kept},),
            disabled=not centres,
            icon=icon,
            key=f"clu.{name}",
        )
    return init, len(centres), 1, 0


def run_picker(km) -> int:
    runs = km.runs_

    lang = current_language()  # bound now: Streamlit may call the labeller from another thread

    def label(option):  # stable labels: the J of each run is in the restarts chart beside
        return text_in(lang, "clu.run_best") if option == "best" else text_in(lang, "clu.run_i", i=option)

    chosen = choice(t("clu.run"), ["best", *[str(i + 1) for i in range(len(runs))]], "clu.run", label)
    return km.best_run_ if chosen == "best" else int(chosen) - 1


def path_trace(paths: np.ndarray, style, name) -> dict:
    """Where every centre has been so far: paths has shape (steps, k, 2)."""
    x, y = polylines(np.transpose(paths, (1, 0, 2)))
    return dict(
        type="scatter",
        mode="lines",
        x=x,
        y=y,
        name=name,
        line=dict(color=BLACK, width=max(1.0, style.line_width * 0.5), dash="dot"),
    )


def kmeans_stepper(ctx, X, run, regions, axes, k, mode, check=None):
    """The half-steps of one run; with a cross-check, scikit-learn's final centres marked on every step."""
    history = run.history
    gx, gy = np.linspace(*axes.x_range, STEP_RES), np.linspace(*axes.y_range, STEP_RES)
    paths = np.array([s.centers for s in history])
    theirs = [] if check is None else [crosscheck_points(check.values, ctx.style)]

    def moved(s):
        if history[s].kind != "assign":
            return np.zeros(0, int)
        return np.flatnonzero(history[s].labels != history[s - 1].labels)

    def frame(s):
        step = history[s]
        return [
            region_trace(gx, gy, regions[s], k),
            *stepping_points(X, step.labels, k, ctx.style),
            path_trace(paths[: s + 1], ctx.style, t("clu.paths")),
            centre_trace(step.centers, ctx.style, t("clu.centres")),
            ring_trace(X[moved(s)], t("clu.moved"), ctx.style, customdata=moved(s)),
            *theirs,
        ]

    def label(s):
        return t(f"clu.km_label_{history[s].kind}", it=history[s].step, J=fmt(history[s].objective))

    def details(s):
        step = history[s]
        centres = ", ".join(f"μ{j + 1} = {vector_text(c, 3)}" for j, c in enumerate(step.centers[:6]))
        return t(
            f"clu.km_details_{step.kind}",
            it=step.step,
            moved=len(moved(s)),
            J=fmt(step.objective),
            before=fmt(history[s - 1].objective if s else step.objective),
            centres=centres,
            empty=step.moved,
        )

    view = StepView(data_static(ctx, axes, mode is not None), frame, label, details)
    clickable_stepper("clu.km", len(history), view, ctx.data, mode)


def objective_chart(run, ctx):
    J = np.array([s.objective for s in run.history])
    steps = np.arange(len(J), dtype=float)
    kinds = np.array([s.kind for s in run.history])
    axes = Axes(padded_range(steps, 0.04), padded_range(J, 0.1), t("clu.half_step"), t("clu.objective"))
    traces = [line_trace(Curve(t("clu.objective"), steps, J, TRUTH_COLOR), ctx.style)]
    for kind, color, symbol in (("assign", CLASS_COLORS[0], "circle"), ("update", ALT_COLOR, "square")):
        mask = kinds == kind
        traces.append(
            points_dict(
                np.column_stack([steps[mask], J[mask]]), t(f"clu.kind_{kind}"), ctx.style, color, symbol
            )
        )
    fig = figure(ctx.style, axes, t("clu.objective_title"), traces, height=SIDE_HEIGHT, showlegend=False)
    chart(fig, key="clu.km_objective")


def restarts_chart(km, shown, ctx):
    Js = np.array([r.objective for r in km.runs_])
    axes = Axes((0.4, len(Js) + 0.6), restarts_range(Js), t("clu.restart"), t("clu.objective"))
    colors = np.array([HIGHLIGHT_COLOR if i == km.best_run_ else CLASS_COLORS[0] for i in range(len(Js))])
    outline = np.array([BLACK if i == shown else "rgba(0,0,0,0)" for i in range(len(Js))])
    bars = dict(
        type="bar",
        x=np.arange(1, len(Js) + 1),
        y=Js,
        customdata=np.arange(len(Js)),
        showlegend=False,
        marker=dict(color=colors, line=dict(color=outline, width=3)),
        name=t("clu.objective"),
        hovertemplate="%{x}: J = %{y:.4g}<extra></extra>",
    )
    fig = figure(
        ctx.style,
        axes,
        t("clu.restarts_title"),
        [bars],
        height=SIDE_HEIGHT,
        clickmode="event+select",
        dragmode=False,
        xaxis=dict(dtick=1 if len(Js) <= 10 else 2),
    )
    chart(fig, key="clu.km_restarts", on_select=pick_run)
    st.caption(t("clu.restarts_caption"))


def restarts_range(Js) -> tuple[float, float]:
    """The J axis of the restarts' bars: around the values when they differ by more than 1 %, so that
    different local minima stand apart; otherwise from 0, so that runs ending at the same J up to
    round-off (1e-7 apart) do not look different."""
    lo, hi = float(Js.min()), float(Js.max())
    if hi - lo <= 0.01 * abs(hi):
        return 0.0, hi * 1.05 or 1.0
    pad = (hi - lo) * 0.3
    return max(lo - pad, 0.0), hi + pad * 0.5


def pick_run():
    if (run := first_picked("clu.km_restarts")) is not None:
        st.session_state["clu.run"] = str(run + 1)


def centres_latex(centers, symbol=r"\mu", max_items=6) -> str:
    items = [
        rf"{symbol}_{{{j + 1}}} = (" + latex_list([float(v) for v in c]) + ")"
        for j, c in enumerate(centers[:max_items])
    ]
    return r",\ ".join(items + ([r"\dots"] if len(centers) > max_items else []))


def kmeans_formulas(X, run, init):
    counts = np.bincount(run.labels, minlength=len(run.centers))
    c0 = run.init_centers
    formulas = [
        Formula(
            rf"J = \sum_{{i=1}}^{{n}} \|x_i - \mu_{{y_i}}\|^2 = {number(run.objective)},\ n = {len(X)},\ "
            rf"c = {len(run.centers)}",
            "Sugiyama §14.1; CS229 Ch. 7a (distortion J(c, μ)); seed 003 §3.2, (1)",
        ),
        Formula(
            rf"y_i \leftarrow \arg\min_{{y}} \|x_i - \mu_y\|^2,\quad {centres_latex(run.centers)}",
            "Sugiyama §14.1, (14.1)",
        ),
        Formula(
            rf"\mu_y \leftarrow \frac{{1}}{{n_y}}\sum_{{i:\,y_i = y}} x_i,\quad (n_1, \dots, n_c) = "
            rf"({latex_list(list(counts))})",
            "Sugiyama §14.1; CS229 Ch. 7a",
        ),
    ]
    if init == "plusplus":
        formulas.append(
            Formula(
                rf"P(\mu^{{(0)}}_{{j}} = x_i) = \frac{{D(x_i)^2}}{{\sum_l D(x_l)^2}},\ "
                rf"{centres_latex(c0, START)}",
                "k-means++ (Arthur & Vassilvitskii 2007; not in the seeds)",
            )
        )
    elif init == "box":
        lo, hi = X.min(0), X.max(0)
        box = rf"[{number(lo[0], 3)}, {number(hi[0], 3)}] \times [{number(lo[1], 3)}, {number(hi[1], 3)}]"
        formulas.append(
            Formula(
                rf"\mu^{{(0)}}_j \sim U\big({box}\big),\ {centres_latex(c0, START)}",
                "CS229 Ch. 7a, Fig 1(b) (centroids not taken from the data)",
            )
        )
    elif init == "random":
        formulas.append(
            Formula(
                centres_latex(c0, START), "Sugiyama §14.1 listing; CS229 Ch. 7a (random training examples)"
            )
        )
    else:
        formulas.append(Formula(centres_latex(c0, START), "Naftali Harris's 'I'll choose' start (clicked)"))
    return formulas
