"""Decision trees (Li Hang ch. 5; seed 003 §4): ID3, C4.5 and CART, grown, inspected and pruned.

Three views: a classification tree on 2-D data (regions, tree diagram, split inspector, growth split
by split), tables of categories (the loan table of Examples 5.1–5.4, also as printed in Chinese, Zhou's
watermelon 2.0, an own CSV with text columns: every entropy, gain, gain ratio and Gini value next to
the tree; missing values of seed 003 §4.5), and the least-squares regression tree (Table 5.2, 1-D
toy data). Each view prunes the displayed tree with α: C_α(T) by dynamic programming or as printed
(§5.4), or CART's weakest link (§5.5.2).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.decision_trees import classify
from views.decision_trees import regress
from views.decision_trees import table

P = "tree"
VIEWS = (classify, table, regress)
LOAN = {
    "tree.view": "table", "tree.data": "table_5_1", "tree.depth": 6, "tree.msl": 1, "tree.eps": 0.0,
    "tree.missing": 0, "tree.alpha": 0.0, "tree.node": 0,
}
# The last preset returns to the first view: the AppTest sweep leaves the last preset applied.
PRESETS = {
    "tree_ex5_2": {**LOAN, "tree.criterion": "entropy"},
    "tree_ex5_3": {**LOAN, "tree.criterion": "entropy", "tree.node": 2},
    "tree_ex5_4": {**LOAN, "tree.criterion": "gini"},
    "tree_ex5_1_c45": {**LOAN, "tree.criterion": "gain_ratio"},
    "tree_prune_5_4": {
        **LOAN, "tree.criterion": "entropy", "tree.prune": "c_alpha_literal", "tree.alpha": 8.0,
    },
    "tree_prune_5_7": {**LOAN, "tree.criterion": "gini", "tree.prune": "ccp", "tree.alpha": 4.0},
    "tree_missing": {**LOAN, "tree.criterion": "entropy", "tree.missing": 20},
    "tree_loan_zh": {**LOAN, "tree.data": "table_5_1_zh", "tree.criterion": "entropy"},
    "tree_watermelon": {**LOAN, "tree.data": "watermelon_2_0", "tree.criterion": "entropy"},
    "tree_table5_2": {
        "tree.view": "regress", "tree.data": "table_5_2", "tree.depth": 2, "tree.msl": 1, "tree.alpha": 0.0,
        "tree.node": 0,
    },
    "tree_table5_2_prune": {
        "tree.view": "regress", "tree.data": "table_5_2", "tree.depth": 12, "tree.msl": 1,
        "tree.prune": "ccp", "tree.alpha": 0.4, "tree.node": 0,
    },
    "tree_fig5_2": {
        "tree.view": "classify", "tree.data": "blobs", "tree.n": 200, "tree.noise": 1.0,
        "tree.criterion": "gini", "tree.depth": 3, "tree.msl": 1, "tree.alpha": 0.0, "tree.node": 0,
    },
}

ctx = page_frame(P, view_before_drawn(P, VIEWS).DATA)
preset_picker(PRESETS, "tree.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
