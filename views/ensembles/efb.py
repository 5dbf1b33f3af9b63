"""LightGBM's exclusive feature bundling: a sparse one-hot matrix, its conflict graph (rows where two
columns are both non-zero), the greedy bundles with at most K conflicts, and the merged columns with
their bin offsets; a hand example of two one-hot categoricals or the data's features cut into bins.

seed 003 §5.5.4 (EFB, steps 1–3); Ke et al. 2017, Algorithms 3–4 [S].
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import exclusive_feature_bundling
from algorithms import one_hot_bins
from ui.charts import chart
from ui.controls import bound
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metrics_row
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t

DATA = DataRequest("classification", 2, "moons")
HAND = (
    [[1, 0, 0, 1, 0], [0, 1, 0, 1, 0], [0, 0, 1, 0, 1], [1, 0, 0, 0, 1], [0, 1, 0, 0, 1], [1, 0, 0, 1, 0]],
    ["A=a", "A=b", "A=c", "B=a", "B=b"],
)  # two one-hot coded categoricals (tests/algorithms/test_bundling.py works it out by hand)
SHOWN_ROWS = 12


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        example = st.toggle(
            t("ens.efb_example"), value=True, help=t("ens.efb_example_help"), **bound("ens.efb_example")
        )
        n_bins = (
            slider(t("ens.bins"), 2, 8, 4, "ens.efb_bins", help=t("ens.efb_bins_help")) if not example else 4
        )
        K = slider(t("ens.conflicts"), 0, 10, 0, "ens.conflicts", help=t("ens.conflicts_help"))
    if example:
        codes, names = HAND
    else:
        codes, cols = one_hot_bins(train.X, n_bins)
        names = [f"{plain(train.feature_names[j])}#{k + 1}" for j, k in cols]
    bundling = exclusive_feature_bundling(codes, K)
    with main:
        efb_main(ctx, bundling, codes, names)
    sizes = ", ".join(str(len(b)) for b in bundling.bundles)
    first = bundling.bundles[0]
    formula_panel(
        [
            Formula(
                rf"\text{{{t('ens.merged_word')}}}_b(x) = o_j + \text{{bin}}_j(x),\ "
                rf"o = ({', '.join(str(bundling.offsets[f]) for f in first)})\ "
                rf"\text{{{t('ens.for_bundle_1')}}}",
                "seed 003 §5.5.4; Ke et al. Alg. 4",
            ),
            Formula(
                rf"O(n \times d) \to O(n \times m):\ "
                rf"d = {len(names)},\ m = {len(bundling.bundles)}\ ({sizes})",
                "seed 003 §5.5.4",
            ),
        ],
        ctx.projector,
    )
    code_view(exclusive_feature_bundling, projector=ctx.projector)


def efb_main(ctx, bundling, codes, names) -> None:
    style = ctx.style
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('ens.conflict_title')}**")
        fig = heatmap_figure(
            bundling.conflicts, names, names, (t("ens.column_axis"), t("ens.column_axis")), style
        )
        chart(fig, key="ens.conflict_chart")
    with right:
        st.markdown(f"**{t('ens.bundles_title')}**")
        table = pd.DataFrame(
            {
                t("ens.col_bundle"): range(1, len(bundling.bundles) + 1),
                t("ens.col_members"): [", ".join(names[f] for f in b) for b in bundling.bundles],
                t("ens.col_offsets"): [
                    ", ".join(str(bundling.offsets[f]) for f in b) for b in bundling.bundles
                ],
                t("ens.col_conflicts"): bundling.bundle_conflicts,
            }
        )
        st.dataframe(table, hide_index=True)
        st.caption(
            t("ens.order_caption", order=markdown_literal(", ".join(names[f] for f in bundling.order)))
        )
    st.markdown(f"**{t('ens.merged_title', rows=min(SHOWN_ROWS, len(bundling.merged)))}**")
    merged = pd.DataFrame(np.asarray(codes)[:SHOWN_ROWS], columns=names)
    for b in range(len(bundling.bundles)):
        merged[t("ens.bundle_column", b=b + 1)] = bundling.merged[:SHOWN_ROWS, b]
    st.dataframe(merged, hide_index=True)
    metrics_row(
        [
            (t("ens.features_metric"), str(len(names))),
            (t("ens.bundles_metric"), str(len(bundling.bundles))),
            (t("ens.conflicts_metric"), str(int(bundling.bundle_conflicts.sum()))),
        ]
    )
