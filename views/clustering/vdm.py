"""Distances between categorical samples: VDM on Li Hang's loan table (Table 5.1), value by value, and
MinkovDM between every two applicants (the age optionally an ordered attribute).

Seed 003 §3.2(3), (5) VDM and (6) MinkovDM (notes on Zhou §9.3). The seeds give no categorical
table, so the loan table of Li Hang ch. 5 is used; its two classes (loan approved or not) play the
clusters i that VDM counts over.
"""

import re

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import minkov_dm
from algorithms import vdm_table
from algorithms.datasets import TABLE_5_1_LEVELS
from algorithms.datasets import TABLE_5_1_ROWS
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.controls import set_values
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_text
from ui.explain import metrics_row
from ui.explain import number
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t

ATTRS = ["age", "job", "house", "credit"]  # the columns of Table 5.1, in the book's order
N_ROWS = len(TABLE_5_1_ROWS)
PS = [1.0, 2.0, 3.0]


def level(value: str) -> str:
    """A level of the table in the reader's language (the decision-tree page's names)."""
    return t("tree.names." + re.sub(r"[^a-z0-9]+", "_", value).strip("_"))


@st.cache_data(max_entries=16, show_spinner=False)
def distances(p, age_ordered):
    """Every attribute's VDM table and MinkovDM between all rows (classes as the clusters)."""
    rows = np.array(TABLE_5_1_ROWS)
    groups = rows[:, 4]
    tables = [vdm_table(rows[:, u], groups, p) for u in range(4)]
    if age_ordered:
        age = np.array([TABLE_5_1_LEVELS[0].index(a) for a in rows[:, 0]], float)[:, None]
        return tables, minkov_dm(age, rows[:, 1:4], groups, p)
    return tables, minkov_dm(None, rows[:, :4], groups, p)


def render(ctx, controls, main):
    with controls:
        attr = choice(t("clu.attr"), ATTRS, "clu.attr", catalogue_labels("clu.attrs"), default="job")
        p = number_slider(t("clu.vdm_p"), "clu.vdm_p", PS, 1.0)
        age_ordered = st.toggle(
            t("clu.age_ordered"), help=t("clu.age_ordered_help"), **bound("clu.age_ordered")
        )
        i = slider(t("clu.row_i"), 1, N_ROWS, 1, "clu.row_i")
        j = slider(t("clu.row_j"), 1, N_ROWS, 3, "clu.row_j")
    u = ATTRS.index(attr)
    tables, dm = distances(p, age_ordered)
    table = tables[u]
    xi, xj = TABLE_5_1_ROWS[i - 1], TABLE_5_1_ROWS[j - 1]
    a, b = (list(table.levels).index(v) for v in (xi[u], xj[u]))
    with main:
        st.markdown(f"**{t('clu.loan_title')}**")
        st.dataframe(loan_frame(i, j), height=35 * (N_ROWS + 1) + 3)
        st.caption(t("clu.loan_caption"))
        left, right = columns_or_stacked(ctx.projector, 2, gap="medium")
        with left:
            st.markdown(f"**{t('clu.counts_title', attr=t(f'clu.attrs.{attr}'))}**")
            st.dataframe(counts_frame(table), hide_index=True)
            st.markdown(f"**{t('clu.vdm_title', p=f'{p:g}')}**")
            names = [level(v) for v in table.levels]
            st.dataframe(pd.DataFrame(table.matrix.round(4), index=names, columns=names))
        with right:
            heat = heatmap_figure(
                dm,
                list(range(1, N_ROWS + 1)),
                list(range(1, N_ROWS + 1)),
                (t("clu.row_j"), t("clu.row_i")),
                ctx.style,
                selected=(i - 1, j - 1),
                colorbar_title="MinkovDM",
                title=t("clu.dm_title", p=f"{p:g}"),
                selected_name=t("clu.dm_selected", i=i, j=j),
            )
            chart(heat, key="clu.dm_chart", on_select=pick_rows)
            st.caption(t("clu.dm_caption"))
        metrics_row(
            [
                (t("clu.vdm_metric", p=f"{p:g}"), fmt(table.matrix[a, b])),
                (t("clu.dm_metric", p=f"{p:g}"), fmt(dm[i - 1, j - 1])),
            ]
        )
    formula_panel(formulas(tables, u, a, b, p, i, j, dm, age_ordered), ctx.projector)
    code_view(vdm_table, minkov_dm, projector=ctx.projector)


def loan_frame(i, j) -> pd.DataFrame:
    """Table 5.1 in the reader's language; rows i and j marked."""
    columns = [t(f"clu.attrs.{a}") for a in ATTRS] + [t("clu.approved")]
    rows = [[level(v) for v in row] for row in TABLE_5_1_ROWS]
    index = [f"{r}{' ◀' if r in (i, j) else ''}" for r in range(1, N_ROWS + 1)]
    return pd.DataFrame(rows, columns=columns, index=index)


def counts_frame(table) -> pd.DataFrame:
    """m_{u,a,i} per class, m_{u,a}, and the shares VDM compares."""
    frame = {t("clu.value"): [level(v) for v in table.levels]}
    for g, name in enumerate(table.groups):
        frame[f"m(a, {level(name)})"] = table.counts[:, g]
    frame["m(a)"] = table.totals
    for g, name in enumerate(table.groups):
        frame[f"P({level(name)} | a)"] = table.shares[:, g].round(4)
    return pd.DataFrame(frame)


def pick_rows():
    """Clicking a cell of the MinkovDM map selects its two rows."""
    points = clicked_points("clu.dm_chart")
    cells = [p["customdata"] for p in points if p.get("customdata") is not None]
    if cells:
        row, col = cells[0]
        set_values({"clu.row_i": int(row) + 1, "clu.row_j": int(col) + 1})


def vdm_terms(table, a, b, p) -> str:
    """Σ_i |m_{u,a,i}/m_{u,a} − m_{u,b,i}/m_{u,b}|^p written out with the counts."""
    power = "" if p == 1 else f"^{{{number(p)}}}"
    return " + ".join(
        rf"\left|\tfrac{{{table.counts[a, g]}}}{{{table.totals[a]}}} - "
        rf"\tfrac{{{table.counts[b, g]}}}{{{table.totals[b]}}}\right|{power}"
        for g in range(len(table.groups))
    )


def formulas(tables, u, a, b, p, i, j, dm, age_ordered):
    table = tables[u]
    names = [latex_text(level(v)) for v in table.levels]
    xi, xj = TABLE_5_1_ROWS[i - 1], TABLE_5_1_ROWS[j - 1]
    first = 1 if age_ordered else 0
    terms = [
        number(tables[v].matrix[list(tables[v].levels).index(xi[v]), list(tables[v].levels).index(xj[v])])
        for v in range(first, 4)
    ]
    if age_ordered:
        ages = TABLE_5_1_LEVELS[0]
        terms.insert(0, rf"|{ages.index(xi[0])} - {ages.index(xj[0])}|^{{{number(p)}}}")
    return [
        Formula(
            rf"\mathrm{{VDM}}_{{{number(p)}}}({names[a]}, {names[b]}) = \sum_{{i=1}}^{{k}} \left|"
            rf"\frac{{m_{{u,a,i}}}}{{m_{{u,a}}}} - \frac{{m_{{u,b,i}}}}{{m_{{u,b}}}}\right|^{{{number(p)}}}"
            rf" = {vdm_terms(table, a, b, p)} = {number(table.matrix[a, b])}",
            "seed 003 §3.2, (5); Li Hang Table 5.1, its classes as the clusters i",
        ),
        Formula(
            rf"\mathrm{{MinkovDM}}_{{{number(p)}}}(x_{{{i}}}, x_{{{j}}}) = \Big(\sum_{{u \le n_c}} "
            rf"|x_{{iu}} - x_{{ju}}|^{{{number(p)}}} + \sum_{{u > n_c}} \mathrm{{VDM}}_{{{number(p)}}}"
            rf"(x_{{iu}}, x_{{ju}})\Big)^{{1/{number(p)}}} = ({' + '.join(terms)})^{{1/{number(p)}}} = "
            rf"{number(dm[i - 1, j - 1])},\ n_c = {first}",
            "seed 003 §3.2, (6)",
        ),
    ]
