"""Decision trees: ID3, C4.5 and CART, grown from the books' formulas, with both pruning algorithms.

Li Hang ch. 5 (seed 002 §2): entropy and information gain (5.1)–(5.9), gain ratio (5.10), ID3 and
C4.5 (Algorithms 5.2/5.3), C_α(T) pruning (Algorithm 5.4), the least-squares regression tree
(Algorithm 5.5), Gini (5.22)–(5.25), CART generation (Algorithm 5.6) and cost-complexity pruning
(Algorithm 5.7). Seed 003 §4: TreeGenerate, gain ratio IV(a), missing values (§4.5).

Conventions (fixed here, shared by every tree in ``algorithms``):

* Logs are base 2 (bits) everywhere, as in (5.7)–(5.8). The base rescales α of C_α(T).
* Numeric features get binary splits x ≤ s vs x > s with s the midpoint between consecutive
  distinct sorted values (scikit-learn's convention; the same training partitions as the book's
  "s from the observed values").
* Categorical features (``categorical_features``, integer codes, or text columns such as the printed
  Table 5.1's 青年/中年/老年: coded by :func:`algorithms.tables.encode_categories`, their level names
  kept in ``category_names_``) get a multiway split, one child per
  value present in the node, for ID3/C4.5 (``criterion`` "entropy", "gain_ratio",
  "gain_ratio_book"), and binary "A = a" vs "A ≠ a" splits for CART (Gini, squared error). A
  binary feature has a single CART cut (its two cuts are the same partition).
* Ties: the first feature in column order wins, then the first threshold / category value.
* Growth is breadth-first: node ids are creation order, so the tree after k splits is the first k
  internal nodes (see :meth:`Tree.truncate`).
* Missing values (NaN) follow seed 003 §4.5 (C4.5 / Zhou): the split score of feature a is
  ρ × score on the samples D̃ that have a, and a sample with a missing value goes down every branch
  with weight r̃_v (the weighted fraction of D̃ in branch v), both in fitting and in prediction.
"""

from __future__ import annotations

import copy
from collections import deque
from dataclasses import dataclass

import numpy as np
from scipy.special import xlogy

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import clone
from algorithms.tables import encode_categories

__all__ = ["DecisionTreeClassifier", "DecisionTreeRegressor", "Tree", "TreeNode", "SplitCandidate",
           "PruningPath", "SplitCurve", "FeatureScore", "CriterionTable", "entropy", "gini",
           "criterion_table", "split_curve"]

_LOG2 = np.log(2.0)
_CLASS_CRITERIA = ("gini", "entropy", "gain_ratio", "gain_ratio_book")
_MULTIWAY_CRITERIA = ("entropy", "gain_ratio", "gain_ratio_book")


# ----------------------------------------------------------------------------------------------
# Impurities


def _frozen(a) -> np.ndarray:
    a = np.array(a, dtype=float)
    a.setflags(write=False)
    return a


def entropy(counts) -> FloatArray | float:
    """H = −Σ p_k log₂ p_k of class counts (or probabilities) along the last axis (Li Hang (5.7)).

    0·log 0 = 0; an all-zero row has entropy 0.
    """
    C = np.asarray(counts, dtype=float)
    if np.any(C < 0):
        raise ValueError("Class counts must be non-negative.")
    out = _entropy_rows(C)
    return float(out) if np.ndim(out) == 0 else out


def gini(counts) -> FloatArray | float:
    """Gini = 1 − Σ p_k² of class counts (or probabilities) along the last axis (Li Hang (5.24))."""
    C = np.asarray(counts, dtype=float)
    if np.any(C < 0):
        raise ValueError("Class counts must be non-negative.")
    out = _gini_rows(C)
    return float(out) if np.ndim(out) == 0 else out


def _lastsum(S):
    """S.sum(-1), fast for the few classes / statistics of a tree (numpy reduces tiny axes slowly)."""
    k = S.shape[-1]
    if k > 8 or k < 2:
        return S.sum(-1, dtype=float)
    out = np.add(S[..., 0], S[..., 1], dtype=float)
    for j in range(2, k):
        out += S[..., j]
    return out


def _proportions(C):
    C = np.maximum(C, 0.0)                  # P − L can be −1e-17 after rounding
    W = _lastsum(C)
    safe = np.where(W > 0, W, 1.0)
    return C / safe[..., None], W


def _entropy_of(p):
    """H of class proportions p (last axis), in bits (Li Hang (5.7))."""
    return -_lastsum(xlogy(p, p)) / _LOG2


def _gini_of(p):
    """Gini(p) = 1 − Σ_k p_k² of class proportions p (last axis) (Li Hang (5.22))."""
    return 1.0 - _lastsum(p * p)


def _entropy_rows(C):
    return _entropy_of(_proportions(C)[0])


def _gini_rows(C):
    p, W = _proportions(C)
    return np.where(W > 0, _gini_of(p), 0.0)


def _xlogx(x):
    """x ln x with 0 ln 0 = 0 (and 0 for the −1e-17 that P − L can round to)."""
    return x * np.log(np.where(x > 0, x, 1.0))


# ----------------------------------------------------------------------------------------------
# Split criteria. Each works on weighted per-sample statistics: class counts (classification),
# (w, w·d, w·d²) with d = y − node mean (squared error), or (g, h) (second-order boosting).


class _ClassCriterion:
    """Gini decrease, information gain g(D,A), or gain ratio g/H_A(D) (or the book's g/H(D))."""

    strict = False
    task = "classification"

    def __init__(self, kind: str, codes: np.ndarray, n_classes: int):
        self.kind = kind
        self.U = np.eye(n_classes)[codes]
        self._imp = _gini_rows if kind == "gini" else _entropy_rows
        self._imp_of_proportions = _gini_of if kind == "gini" else _entropy_of

    def node(self, rows, w):
        Sw = self.U[rows] * w[:, None]
        P = Sw.sum(0)
        W = P.sum()
        return Sw, P, float(self._imp(P)), P / W, np.count_nonzero(P > 0) <= 1

    def impurity(self, S):
        return self._imp(S)

    @staticmethod
    def search_stats(S):
        return S

    def nodes(self, rows, w, starts, m):
        """Vectorised :meth:`node` for consecutive segments of entries (one per node, ``m`` long),
        and each node's weight. Every node of a level weighs > 0 (a split leaves weight on both
        sides), so the proportions are :func:`_proportions`' without its guards, and the node
        values."""
        Sw = self.U.take(rows, axis=0)      # contiguous: a level gathers it feature by feature
        Sw *= w[:, None]
        P = np.add.reduceat(Sw, starts, axis=0)
        p = P / _lastsum(P)[:, None]
        return Sw, P, self._imp_of_proportions(p), p, _lastsum(P > 0) <= 1, np.add.reduceat(w, starts)

    def evaluate(self, children, parent):
        """Scores of candidate splits: children (V, ..., s) stats per branch, parent (..., s)."""
        Wv = _lastsum(children)
        W = _lastsum(parent)
        r = Wv / W
        child_imp = (r * self._imp(children)).sum(0)
        parent_imp = self._imp(parent)
        decrease = parent_imp - child_imp
        split_info = -xlogy(r, r).sum(0) / _LOG2
        if self.kind == "gain_ratio":
            score = np.where(split_info > 0, decrease / np.where(split_info > 0, split_info, 1.0),
                             -np.inf)
        elif self.kind == "gain_ratio_book":
            score = np.where(parent_imp > 0, decrease / np.where(parent_imp > 0, parent_imp, 1.0),
                             0.0) * np.ones_like(decrease)
        else:
            score = decrease
        return score, decrease, child_imp, split_info

    def split_scores(self, L, P, imp, m, ok):
        """The score of :meth:`evaluate` for every threshold of a level at once (L: left stats
        (d, E, k) by feature and entry; P, imp: the stats (B, k) and impurity of the level's nodes,
        ``m`` entries each), −inf where ``ok`` is False or a child is empty. Rearranged so as not to
        form proportions: W_v·Gini_v = W_v − Σ_k L_vk²/W_v and W_v·H_v = (W_v ln W_v − Σ_k L_vk
        ln L_vk)/ln 2 (Li Hang (5.8), (5.25)). Left and right children are stacked, one operation
        for both."""
        LR = np.empty((2,) + L.shape)
        LR[0] = L
        np.subtract(P.repeat(m, axis=0), L, out=LR[1])
        WLR = _lastsum(LR)
        W = _lastsum(P).repeat(m)
        if self.kind == "gini":
            T = WLR - _lastsum(LR * LR) / WLR
            child = T[0] + T[1]
        else:
            XW, XS = _xlogx(WLR), _lastsum(_xlogx(LR))
            child = (XW[0] - XS[0] + XW[1] - XS[1]) / _LOG2
        imp = imp.repeat(m)
        score = imp - child / W
        if self.kind == "gain_ratio":
            split_info = (_xlogx(W) - XW[0] - XW[1]) / (W * _LOG2)
            score = np.where(split_info > 0, score / split_info, -np.inf)
        elif self.kind == "gain_ratio_book":
            score = np.where(imp > 0, score / np.where(imp > 0, imp, 1.0), 0.0)
        ok &= np.minimum(WLR[0], WLR[1]) > 0
        return np.where(ok, score, -np.inf)

    def valid(self, children):
        return np.all(_lastsum(children) > 0, axis=0)


class _SquaredError:
    """Squared error (Li Hang (5.19)): maximise SSE(D) − SSE(D₁) − SSE(D₂), per unit weight."""

    strict = False
    task = "regression"

    def __init__(self, y: np.ndarray):
        self.y = y

    def node(self, rows, w):
        yr = self.y[rows]
        W = w.sum()
        mu = float(w @ yr) / W
        d = yr - mu
        Sw = np.column_stack([w, w * d, w * d * d])
        P = Sw.sum(0)
        return Sw, P, max(float(P[2]) / W, 0.0), np.array([mu]), bool(np.all(yr == yr[0]))

    @staticmethod
    def search_stats(S):
        return S[..., :2]                   # split scores need Σw and Σw·d only

    def nodes(self, rows, w, starts, m):
        """Vectorised :meth:`node`; the per-entry stats are the search stats (w, w·d) only, a
        contiguous array (a level gathers it feature by feature; a strided slice gathers slowly)."""
        yr = self.y.take(rows)
        Sw = np.empty((len(w), 2))
        Sw[:, 0] = w
        np.multiply(w, yr, out=Sw[:, 1])
        WY = np.add.reduceat(Sw, starts, axis=0)            # Σw, Σw·y
        W = WY[:, 0]
        mu = WY[:, 1] / W
        d = yr - mu.repeat(m)
        np.multiply(w, d, out=Sw[:, 1])
        P = np.empty((len(starts), 3))      # sums (w, w·d, w·d²): numpy sums alike in any layout
        np.add.reduceat(Sw, starts, axis=0, out=P[:, :2])
        np.add.reduceat(Sw[:, 1] * d, starts, out=P[:, 2])
        pure = np.minimum.reduceat(yr, starts) == np.maximum.reduceat(yr, starts)
        return Sw, P, np.maximum(P[:, 2] / W, 0.0), mu[:, None], pure, W

    @staticmethod
    def impurity(S):
        W = S[..., 0]
        safe = np.where(W > 0, W, 1.0)
        return np.where(W > 0, np.maximum(S[..., 2] - S[..., 1] ** 2 / safe, 0.0) / safe, 0.0)

    def evaluate(self, children, parent):
        # SSE(D) − ΣSSE(D_v) = Σ S1_v²/W_v − S1²/W needs only Σw and Σw·d, so cumulative sums
        # over many nodes stay accurate (the d² column is used for the node impurity only).
        W, S1 = parent[..., 0], parent[..., 1]
        Wv, S1v = children[..., 0], children[..., 1]
        safe = np.where(Wv > 0, Wv, 1.0)
        gain = np.where(Wv > 0, S1v * S1v / safe, 0.0).sum(0) - S1 * S1 / W
        decrease = gain / W
        child_imp = self.impurity(parent) - decrease
        r = Wv / W
        split_info = -xlogy(r, r).sum(0) / _LOG2
        return decrease, decrease, child_imp, split_info

    @staticmethod
    def split_scores(L, P, imp, m, ok):
        """:meth:`evaluate`'s score for every threshold of a level (see
        :meth:`_ClassCriterion.split_scores`), computed in place."""
        WL, S1L = L[..., 0], L[..., 1]
        Pm = P.repeat(m, axis=0)            # each entry's node stats
        Wm, S1m = Pm[:, 0], Pm[:, 1]
        WR = Wm - WL
        S1R = S1m - S1L
        ok &= np.minimum(WL, WR) > 0
        gain = S1L * S1L
        gain /= WL
        S1R *= S1R
        S1R /= WR
        gain += S1R
        S1m *= S1m
        S1m /= Wm
        gain -= S1m
        gain /= Wm
        return np.where(ok, gain, -np.inf)

    @staticmethod
    def valid(children):
        return np.all(children[..., 0] > 0, axis=0)


class _SecondOrder:
    """XGBoost exact greedy (seed 003 §5.4 (31)): gain = ½[G_L²/(H_L+λ) + G_R²/(H_R+λ) −
    (G_L+G_R)²/(H_L+H_R+λ)] − γ; leaf weight w* = −G/(H+λ); the 'impurity' of a node is its
    structure score −½G²/(H+λ). A node splits only if its best gain is > 0."""

    strict = True
    task = "second_order"

    def __init__(self, g, h, lam, gamma, min_child_weight):
        self.g, self.h = g, h
        self.lam, self.gamma, self.min_child_weight = lam, gamma, min_child_weight

    def _ratio(self, S):
        """G²/(H+λ), 0 where H + λ ≤ 0."""
        den = S[..., 1] + self.lam
        return np.divide(S[..., 0] * S[..., 0], den, out=np.zeros(den.shape), where=den > 0)

    def node(self, rows, w):
        Sw = np.column_stack([w * self.g[rows], w * self.h[rows]])
        P = Sw.sum(0)
        den = P[1] + self.lam
        value = -P[0] / den if den > 0 else 0.0
        return Sw, P, float(-0.5 * self._ratio(P)), np.array([value]), False

    @staticmethod
    def search_stats(S):
        return S

    def nodes(self, rows, w, starts, m):
        Sw = np.empty((len(rows), 2))
        np.multiply(w, self.g.take(rows), out=Sw[:, 0])
        np.multiply(w, self.h.take(rows), out=Sw[:, 1])
        P = np.add.reduceat(Sw, starts, axis=0)
        den = P[:, 1] + self.lam
        value = np.divide(-P[:, :1], den[:, None], out=np.zeros((len(P), 1)), where=den[:, None] > 0)
        return (Sw, P, -0.5 * self._ratio(P), value, np.zeros(len(starts), dtype=bool),
                np.add.reduceat(w, starts))

    def impurity(self, S):
        return -0.5 * self._ratio(S)

    def evaluate(self, children, parent):
        both = self._ratio(children).sum(0)
        bracket = both - self._ratio(parent)
        gain = 0.5 * bracket - self.gamma
        return gain, 0.5 * bracket, -0.5 * both, np.zeros_like(gain)

    def split_scores(self, L, P, imp, m, ok):
        """:meth:`evaluate`'s gain for every threshold of a level, −inf where :meth:`valid` or
        ``ok`` fails (see :meth:`_ClassCriterion.split_scores`); in place, the same operations
        in the same order."""
        GL, HL = L[..., 0], L[..., 1]
        GR, HR = P[:, 0].repeat(m) - GL, P[:, 1].repeat(m) - HL
        ok &= HL >= self.min_child_weight
        ok &= HR >= self.min_child_weight
        den = HL + self.lam
        ok &= den > 0
        score = GL * GL
        score /= den
        np.add(HR, self.lam, out=den)
        ok &= den > 0
        GR *= GR
        GR /= den
        score += GR
        score -= self._ratio(P).repeat(m)
        score *= 0.5
        score -= self.gamma
        score[~ok] = -np.inf
        return score

    def valid(self, children):
        ok = np.all(children[..., 1] >= self.min_child_weight, axis=0)
        return ok & np.all(children[..., 1] + self.lam > 0, axis=0)


# ----------------------------------------------------------------------------------------------
# Node records


@dataclass(frozen=True)
class SplitCandidate:
    """One candidate split of a node, with the book's quantities.

    ``kind`` is "threshold" (x ≤ threshold goes to child 0), "equals" (A = category goes to
    child 0, A ≠ category to child 1) or "multiway" (one child per value in ``categories``).
    ``score`` is what the tree maximises: Gini decrease, g(D,A), g_R(D,A), SSE decrease per unit
    weight, or the second-order gain; with missing values it is ρ × the score on D̃.
    ``children_impurity`` = Σ_v (|D̃_v|/|D̃|) I(D̃_v): H(D|A) (5.8) for entropy, Gini(D,A) (5.25)
    for Gini, the weighted child MSE for squared error. ``impurity_decrease`` = I(D̃) −
    children_impurity (= g(D,A) for entropy), ``split_info`` = H_A(D̃) (IV(a)) in bits, ``rho`` =
    the weighted fraction of the node's samples whose value of the feature is known.
    """

    feature: int
    kind: str
    threshold: float
    category: float
    categories: tuple
    score: float
    impurity_decrease: float
    children_impurity: float
    split_info: float
    rho: float


@dataclass(frozen=True)
class TreeNode:
    """One node of a fitted tree (ids are breadth-first creation order; the root is 0).

    ``stats``: weighted class counts (classification), (Σw, Σw·d, Σw·d²) about the node mean
    (regression), or (G, H) (second-order boosting). ``value``: class probabilities, (mean,) or
    (leaf weight w*,). ``label``: the predicted class or value. ``impurity``: Gini or entropy
    (bits), MSE, or the structure score −½G²/(H+λ). ``n_samples`` counts the training rows that
    reach the node (a row with a missing value reaches several nodes), ``weighted_n_samples`` their
    total weight. ``candidates``: every split considered at this node (for a numeric feature its
    best threshold; for a categorical feature every cut). ``score``: the chosen split's score.
    ``child_fractions``: r̃_v, the weights for routing a sample with a missing value.
    ``leaf_reason``: "" (internal), "pure", "max_depth", "min_samples_leaf", "no_split",
    "below_epsilon", "pruned" or "truncated". ``origin``: the node's id in the grown tree.
    """

    id: int
    parent: int
    depth: int
    branch: int
    kind: str
    feature: int
    threshold: float
    category: float
    categories: tuple
    children: tuple
    child_fractions: tuple
    n_samples: int
    weighted_n_samples: float
    stats: np.ndarray
    value: np.ndarray
    label: object
    impurity: float
    score: float
    candidates: tuple
    leaf_reason: str
    origin: int

    @property
    def is_leaf(self) -> bool:
        return not self.children


@dataclass(frozen=True)
class PruningPath:
    """The nested subtrees T_0 ⊃ T_1 ⊃ … ⊃ {root} of cost-complexity pruning (Algorithm 5.7).

    T_k is optimal for α ∈ [ccp_alphas[k], ccp_alphas[k+1]). ``impurities[k]`` = C(T_k), the summed
    leaf cost; ``pruned[k]`` lists the nodes collapsed to go from T_{k−1} to T_k (empty for k = 0).
    Costs are C(t) = N_t·I(t) (``normalize=False``: the book's scale, e.g. SSE, N_t·Gini,
    N_t·H_t in bits) or (N_t/N)·I(t) (``normalize=True``: scikit-learn's scale). With
    ``cost="error"`` I(t) is the misclassification rate instead of the tree's impurity.
    """

    ccp_alphas: FloatArray
    impurities: FloatArray
    n_leaves: np.ndarray
    pruned: tuple
    normalize: bool
    cost: str


# ----------------------------------------------------------------------------------------------
# The fitted tree structure (columnar: one array per field; TreeNode records built on access)


_KINDS = ("leaf", "threshold", "equals", "multiway")
_LEAF, _THRESHOLD, _EQUALS, _MULTIWAY = range(4)
_REASONS = ("", "pure", "max_depth", "min_samples_leaf", "no_split", "below_epsilon", "pruned",
            "truncated")
_REASON_CODE = {r: i for i, r in enumerate(_REASONS)}
_COLUMNS = ("parent", "depth", "branch", "kind", "feature", "threshold", "category", "first_child",
            "n_children", "fraction", "n_samples", "weighted_n_samples", "stats", "value",
            "impurity", "score", "reason", "origin")
_CAND_FIELDS = ("score", "threshold", "impurity_decrease", "children_impurity", "split_info")


class Tree:
    """A fitted tree, shared by the tree estimators and the boosting ensembles.

    Node ids are breadth-first creation order (root 0; the children of a node are consecutive
    ids). Per-node data live in read-only arrays — ``parent``, ``depth``, ``feature``,
    ``threshold``, ``n_samples``, ``weighted_n_samples``, ``impurity``, ``value`` (n_nodes,
    n_outputs), ``stats``, ``score`` … — and ``nodes`` / ``node(i)`` give :class:`TreeNode`
    records. Immutable: pruning, truncating and re-valuing return new trees.
    """

    def __init__(self, columns: dict, n_features: int, task: str, classes=None,
                 categories: dict | None = None, candidates=None):
        self._cols = {}
        for name in _COLUMNS:
            a = np.array(columns[name])
            a.setflags(write=False)
            self._cols[name] = a
        self.n_features = int(n_features)
        self.task = task
        self.classes = classes
        self.categories = dict(categories or {})        # multiway node id -> child categories
        self._candidates = candidates                   # dict of (n, d) arrays, or list of tuples
        self.n_nodes = len(self._cols["parent"])
        self.is_leaf = self._cols["kind"] == _LEAF
        self.is_leaf.setflags(write=False)
        self._nodes = None
        self._plain = None

    def __getattr__(self, name):
        cols = self.__dict__.get("_cols")
        if cols is not None and name in cols:
            return cols[name]
        raise AttributeError(name)

    # -- records ---------------------------------------------------------------------------

    @property
    def labels(self) -> np.ndarray:
        """Predicted class (classification) or value of every node."""
        if self.task == "classification":
            return self.classes[np.argmax(self.value, axis=1)]
        return self.value[:, 0]

    def children(self, i: int) -> tuple[int, ...]:
        k, first = int(self.n_children[i]), int(self.first_child[i])
        return tuple(range(first, first + k))

    def candidates(self, i: int) -> tuple:
        """Every split considered at node i (empty if it was not searched)."""
        cand = self._candidates
        if cand is None:
            return ()
        if isinstance(cand, dict):
            s = cand["score"][i]
            return tuple(SplitCandidate(int(f), "threshold", float(cand["threshold"][i, f]), np.nan,
                                        (), float(s[f]), float(cand["impurity_decrease"][i, f]),
                                        float(cand["children_impurity"][i, f]),
                                        float(cand["split_info"][i, f]), 1.0)
                         for f in np.flatnonzero(~np.isnan(s)))
        return cand[i]

    def feature_scores(self) -> FloatArray:
        """(n_splits, n_features): at the k-th split (breadth-first), each feature's best candidate
        score (gain, gain ratio or Gini decrease; Algorithms 5.2, 5.3, 5.6 step by step); 0 where
        the feature had no candidate or only negative ones."""
        internal = np.flatnonzero(~self.is_leaf)
        scores = np.zeros((len(internal), self.n_features))
        for row, i in zip(scores, internal, strict=True):
            cands = self.candidates(int(i))
            np.maximum.at(row, np.array([c.feature for c in cands], int), [c.score for c in cands])
        return scores

    def node(self, i: int) -> TreeNode:
        c = self._cols
        i = int(i)
        kids = self.children(i)
        return TreeNode(i, int(c["parent"][i]), int(c["depth"][i]), int(c["branch"][i]),
                        _KINDS[c["kind"][i]], int(c["feature"][i]), float(c["threshold"][i]),
                        float(c["category"][i]), self.categories.get(i, ()), kids,
                        tuple(float(f) for f in c["fraction"][list(kids)]), int(c["n_samples"][i]),
                        float(c["weighted_n_samples"][i]), c["stats"][i], c["value"][i],
                        self.labels[i], float(c["impurity"][i]), float(c["score"][i]),
                        self.candidates(i), _REASONS[c["reason"][i]], int(c["origin"][i]))

    @property
    def nodes(self) -> tuple:
        """All :class:`TreeNode` records, by id (built on first access)."""
        if self._nodes is None:
            self._nodes = tuple(self.node(i) for i in range(self.n_nodes))
        return self._nodes

    # -- structure -------------------------------------------------------------------------

    @property
    def n_leaves(self) -> int:
        return int(self.is_leaf.sum())

    @property
    def max_depth(self) -> int:
        return int(self.depth.max())

    @property
    def n_splits(self) -> int:
        return self.n_nodes - self.n_leaves

    def ancestors(self, node_id: int) -> list[int]:
        """Node ids from the root down to ``node_id`` (inclusive)."""
        path = [int(node_id)]
        while self.parent[path[-1]] >= 0:
            path.append(int(self.parent[path[-1]]))
        return path[::-1]

    def preorder(self) -> np.ndarray:
        """Node ids depth-first, each node before its children and children left to right (the
        order in which a drawn tree's leaves read from left to right)."""
        order, stack = [], [0]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(reversed(self.children(node)))
        return np.array(order, dtype=int)

    def _levels(self):
        return [np.flatnonzero(self.depth == k) for k in range(self.max_depth + 1)]

    def _descendant_matrix(self) -> np.ndarray:
        """D[i, j] = node j lies in the subtree rooted at i (including i)."""
        D = np.eye(self.n_nodes, dtype=bool)
        for level in self._levels()[:0:-1]:
            np.logical_or.at(D, self.parent[level], D[level])
        return D

    # -- routing ---------------------------------------------------------------------------

    def _route(self, X: FloatArray, collect_path: bool = False):
        """Terminal (row, node, weight) triples; a row with a missing value splits its weight."""
        n = len(X)
        kind, feature, first = self.kind, self.feature, self.first_child
        pending = {0: (np.arange(n), np.ones(n))}
        t_rows, t_nodes, t_w, visits = [], [], [], []
        for nid in range(self.n_nodes):
            item = pending.pop(nid, None)
            if item is None:
                continue
            rows, w = item
            if collect_path:
                visits.append((nid, rows, w))
            k = kind[nid]
            if k == _LEAF:
                t_rows.append(rows)
                t_nodes.append(np.full(len(rows), nid))
                t_w.append(w)
                continue
            x = X[rows, feature[nid]]
            nan = np.isnan(x)
            if k == _THRESHOLD:
                idx = (x > self.threshold[nid]).astype(np.intp)
            elif k == _EQUALS:
                idx = (x != self.category[nid]).astype(np.intp)
            else:
                cats = np.asarray(self.categories[nid])
                pos = np.minimum(np.searchsorted(cats, x), len(cats) - 1)
                idx = np.where(cats[pos] == x, pos, -1)          # unseen value: stop here
            idx[nan] = -2
            has_nan = nan.any()
            for v in range(int(self.n_children[nid])):
                child = int(first[nid]) + v
                sel = idx == v
                r, ww = rows[sel], w[sel]
                if has_nan:
                    r = np.concatenate([r, rows[nan]])
                    ww = np.concatenate([ww, w[nan] * self.fraction[child]])
                pending[child] = (r, ww)
            stop = idx == -1
            if stop.any():
                t_rows.append(rows[stop])
                t_nodes.append(np.full(int(stop.sum()), nid))
                t_w.append(w[stop])
        return np.concatenate(t_rows), np.concatenate(t_nodes), np.concatenate(t_w), visits

    def _leaves_fast(self, X):
        """Leaf of each row for threshold-only trees and data without NaN (vectorised by depth)."""
        if self._plain is None:
            self._plain = bool(np.all(self.kind <= _THRESHOLD))
        if not self._plain or np.isnan(X).any():
            return None
        node = np.zeros(len(X), dtype=np.intp)
        rows = np.arange(len(X))
        for _ in range(self.max_depth):
            inner = ~self.is_leaf[node]
            if not inner.any():
                break
            r, nd = rows[inner], node[inner]
            node[r] = self.first_child[nd] + (X[r, self.feature[nd]] > self.threshold[nd])
        return node

    def predict_value(self, X: FloatArray) -> FloatArray:
        """Per-row node value (class probabilities / mean / leaf weight), shape (n, n_outputs).

        A row with a missing value gets the r̃-weighted mixture of the leaves it reaches.
        """
        leaves = self._leaves_fast(X)
        if leaves is not None:
            return self.value[leaves]
        rows, nodes, w, _ = self._route(X)
        out = np.zeros((len(X), self.value.shape[1]))
        if len(rows) == len(X):
            out[rows] = self.value[nodes] * w[:, None]
        else:
            np.add.at(out, rows, self.value[nodes] * w[:, None])
        return out

    def apply(self, X: FloatArray) -> np.ndarray:
        """Id of the leaf each row reaches (for a row with missing values: the heaviest one).

        A row whose category was never seen at a multiway node stops there (Li Hang: the node's
        majority class), so an internal node id can appear.
        """
        leaves = self._leaves_fast(X)
        if leaves is not None:
            return leaves
        rows, nodes, w, _ = self._route(X)
        out = np.empty(len(X), dtype=np.intp)
        if len(rows) == len(X):
            out[rows] = nodes
            return out
        order = np.lexsort((-w, rows))
        rows, nodes = rows[order], nodes[order]
        first = np.ones(len(rows), dtype=bool)
        first[1:] = rows[1:] != rows[:-1]
        out[rows[first]] = nodes[first]
        return out

    def node_sums(self, leaves: np.ndarray, values: FloatArray) -> FloatArray:
        """Σ of ``values`` over the rows reaching each node, given each row's leaf (from
        :meth:`apply`): a bincount at the leaves accumulated up to the root."""
        out = np.bincount(leaves, weights=values, minlength=self.n_nodes).astype(float)
        for level in self._levels()[:0:-1]:
            np.add.at(out, self.parent[level], out[level])
        return out

    def decision_path(self, X: FloatArray) -> np.ndarray:
        """Boolean matrix (n_samples, n_nodes): which nodes each row passes through."""
        _, _, _, visits = self._route(X, collect_path=True)
        M = np.zeros((len(X), self.n_nodes), dtype=bool)
        for nid, rows, _ in visits:
            M[rows, nid] = True
        return M

    def node_weights(self, X: FloatArray) -> FloatArray:
        """Float matrix (n_samples, n_nodes): the weight with which each row reaches each node.

        1 or 0 without missing values; a row missing the tested feature goes down every branch
        with weight r̃_v (seed 003 §4.5), so its weights at one depth sum to 1.
        """
        _, _, _, visits = self._route(X, collect_path=True)
        W = np.zeros((len(X), self.n_nodes))
        for nid, rows, w in visits:
            W[rows, nid] = w
        return W

    def node_bounds(self) -> tuple[FloatArray, FloatArray]:
        """(lower, upper), each (n_nodes, n_features): node i holds x with lower < x ≤ upper.

        Only numeric threshold tests constrain the box; categorical tests are ignored.
        """
        lo = np.full((self.n_nodes, self.n_features), -np.inf)
        hi = np.full((self.n_nodes, self.n_features), np.inf)
        for i in np.flatnonzero(~self.is_leaf):
            kids = list(self.children(i))
            lo[kids], hi[kids] = lo[i], hi[i]
            if self.kind[i] == _THRESHOLD:
                f, s = self.feature[i], self.threshold[i]
                hi[kids[0], f] = min(hi[i, f], s)
                lo[kids[1], f] = max(lo[i, f], s)
        return lo, hi

    # -- descriptions ----------------------------------------------------------------------

    @staticmethod
    def _feature_name(f, feature_names):
        return str(feature_names[f]) if feature_names is not None else f"x{f}"

    @staticmethod
    def _category_name(f, code, category_names):
        if category_names is not None and category_names[f] is not None:
            names = category_names[f]
            if float(code).is_integer() and 0 <= int(code) < len(names):
                return str(names[int(code)])
        return f"{code:g}"

    def split_text(self, node_id: int, feature_names=None, category_names=None) -> str:
        """The test of a node as text, e.g. "x1 ≤ 2.5", "house = yes", "age" (multiway)."""
        k, f = self.kind[node_id], int(self.feature[node_id])
        if k == _LEAF:
            return ""
        name = self._feature_name(f, feature_names)
        if k == _THRESHOLD:
            return f"{name} ≤ {self.threshold[node_id]:.4g}"
        if k == _EQUALS:
            return f"{name} = {self._category_name(f, self.category[node_id], category_names)}"
        return name

    def branch_labels(self, node_id: int, feature_names=None, category_names=None) -> tuple:
        """A label for each child edge: ("≤ s", "> s"), ("= a", "≠ a") or the category names."""
        k, f = self.kind[node_id], int(self.feature[node_id])
        if k == _THRESHOLD:
            s = self.threshold[node_id]
            return (f"≤ {s:.4g}", f"> {s:.4g}")
        if k == _EQUALS:
            a = self._category_name(f, self.category[node_id], category_names)
            return (f"= {a}", f"≠ {a}")
        if k == _MULTIWAY:
            return tuple(self._category_name(f, c, category_names)
                         for c in self.categories[node_id])
        return ()

    def rules(self, feature_names=None, category_names=None) -> list[tuple[int, list[str], object]]:
        """The if-then rules of §5.1.2: (leaf id, conditions from the root, prediction) per leaf."""
        out = []
        labels = self.labels
        for leaf in np.flatnonzero(self.is_leaf):
            conds = []
            path = self.ancestors(leaf)
            for parent, child in zip(path[:-1], path[1:], strict=True):
                label = self.branch_labels(parent, feature_names, category_names)[self.branch[child]]
                name = self._feature_name(int(self.feature[parent]), feature_names)
                conds.append(f"{name} = {label}" if self.kind[parent] == _MULTIWAY
                             else f"{name} {label}")
            out.append((int(leaf), conds, labels[leaf]))
        return out

    # -- rebuilding ------------------------------------------------------------------------

    def _collapse(self, collapse, reason: str) -> "Tree":
        """A new tree in which every node in ``collapse`` becomes a leaf (descendants dropped)."""
        fold = np.zeros(self.n_nodes, dtype=bool)
        fold[np.asarray(list(collapse), dtype=np.intp)] = True
        fold &= ~self.is_leaf
        if not fold.any():
            return self
        removed = np.zeros(self.n_nodes, dtype=bool)
        for level in self._levels()[1:]:
            p = self.parent[level]
            removed[level] = removed[p] | fold[p]
        keep = ~removed
        new_id = np.cumsum(keep) - 1
        cols = {name: np.array(a[keep]) for name, a in self._cols.items()}
        cols["parent"] = np.where(cols["parent"] >= 0, new_id[np.maximum(cols["parent"], 0)], -1)
        internal = cols["first_child"] >= 0
        cols["first_child"] = np.where(internal, new_id[np.maximum(cols["first_child"], 0)], -1)
        f = fold[keep]
        cols["kind"][f] = _LEAF
        cols["feature"][f] = -1
        cols["threshold"][f] = np.nan
        cols["category"][f] = np.nan
        cols["first_child"][f] = -1
        cols["n_children"][f] = 0
        cols["score"][f] = np.nan
        cols["reason"][f] = _REASON_CODE[reason]
        cats = {int(new_id[i]): c for i, c in self.categories.items() if keep[i] and not fold[i]}
        cand = self._candidates
        if isinstance(cand, dict):
            cand = {k: v[keep] for k, v in cand.items()}
        elif cand is not None:
            cand = [cand[i] for i in np.flatnonzero(keep)]
        return Tree(cols, self.n_features, self.task, self.classes, cats, cand)

    def truncate(self, max_depth: int | None = None, n_splits: int | None = None) -> "Tree":
        """The tree as it was after its first ``n_splits`` splits and/or cut at ``max_depth``.

        Breadth-first growth makes ``truncate(max_depth=d)`` equal a fit with max_depth = d.
        """
        fold = np.zeros(self.n_nodes, dtype=bool)
        internal = np.flatnonzero(~self.is_leaf)
        if max_depth is not None:
            fold[internal[self.depth[internal] >= max_depth]] = True
        if n_splits is not None:
            fold[internal[max(int(n_splits), 0):]] = True
        return self._collapse(np.flatnonzero(fold), "truncated")

    def with_values(self, values) -> "Tree":
        """The same structure with new node values (boosting replaces leaf values)."""
        cols = dict(self._cols)
        cols["value"] = np.asarray(values, dtype=float).reshape(self.n_nodes, -1)
        return Tree(cols, self.n_features, self.task, self.classes, self.categories,
                    self._candidates)

    # -- pruning ---------------------------------------------------------------------------

    def node_costs(self, normalize: bool = True, cost: str = "impurity") -> FloatArray:
        """C(t) of every node as a leaf: N_t·I(t), divided by N when ``normalize``.

        ``cost="impurity"`` uses the tree's own impurity (entropy in bits for ID3/C4.5 — Li Hang
        (5.11)–(5.13) — Gini for CART, MSE for regression, so N_t·MSE = SSE);
        ``cost="error"`` uses the misclassification rate (Breiman's choice for pruning).
        """
        W = self.weighted_n_samples
        if cost == "impurity":
            if self.task == "second_order":
                raise ValueError("Pruning is defined for classification and regression trees.")
            c = W * self.impurity
        elif cost == "error":
            if self.task != "classification":
                raise ValueError('cost="error" needs a classification tree.')
            c = self.stats.sum(1) - self.stats.max(1)
        else:
            raise ValueError('cost must be "impurity" or "error".')
        return c / W[0] if normalize else np.array(c, dtype=float)

    def _subtree_sums(self, c, leaf):
        R, L = np.where(leaf, c, 0.0), leaf.astype(float)
        for level in self._levels()[:0:-1]:
            np.add.at(R, self.parent[level], R[level])
            np.add.at(L, self.parent[level], L[level])
        return R, L

    def subtree_costs(self, normalize: bool = True, cost: str = "impurity"):
        """(C(t), C(T_t), |T_t|) of every node t: its cost as a leaf (:meth:`node_costs`), the
        cost of the leaves of the subtree T_t below it and their number (Li Hang §5.5.2 (5.27))."""
        c = self.node_costs(normalize, cost)
        R, L = self._subtree_sums(c, self.is_leaf)
        return c, R, L

    def weakest_link(self, normalize: bool = True, cost: str = "impurity") -> tuple[int, float] | None:
        """The internal node t with the smallest g(t) = (C(t) − C(T_t))/(|T_t| − 1), and that g
        (Li Hang (5.27), Algorithm 5.7 step (3): the first node CART prunes); None for a leaf."""
        c, R, L = self.subtree_costs(normalize, cost)
        inner = np.flatnonzero(~self.is_leaf)
        if not len(inner):
            return None
        g = (c[inner] - R[inner]) / (L[inner] - 1)
        return int(inner[np.argmin(g)]), float(g.min())

    def pruning_path(self, normalize: bool = True, cost: str = "impurity") -> PruningPath:
        """Weakest-link pruning, Algorithm 5.7 with the erratum fixed (step (6) → step (2)).

        Each step recomputes g(t) = (C(t) − C(T_t))/(|T_t| − 1) on the current tree, sets α_k to
        the smallest g(t), and prunes every node with g(t) = α_k at once (top-down, so an
        ancestor's pruning makes its descendants irrelevant). scikit-learn prunes tied nodes one
        per step and so repeats α_k; the distinct α values and costs are the same.
        """
        c = self.node_costs(normalize, cost)
        D = self._descendant_matrix()
        parent = self.parent
        R, L = self._subtree_sums(c, self.is_leaf)
        cand = ~self.is_leaf.copy()
        scale = max(float(np.abs(c).max()), 1e-300)
        alphas, costs, leaves, pruned = [0.0], [float(R[0])], [int(L[0])], [()]
        while cand.any():
            idx = np.flatnonzero(cand)
            g = (c[idx] - R[idx]) / (L[idx] - 1.0)
            alpha = float(g.min())
            tol = 1e-12 * scale + 1e-12 * abs(alpha)
            step = []
            for i in idx[g <= alpha + tol]:                  # ids ascending = top-down
                if not cand[i]:
                    continue
                dR, dL = c[i] - R[i], 1.0 - L[i]
                cand[D[i]] = False
                R[i], L[i] = c[i], 1.0
                a = parent[i]
                while a >= 0:
                    R[a] += dR
                    L[a] += dL
                    a = parent[a]
                step.append(int(i))
            alphas.append(max(alpha, alphas[-1]))
            costs.append(float(R[0]))
            leaves.append(int(round(L[0])))
            pruned.append(tuple(step))
        return PruningPath(_frozen(alphas), _frozen(costs), np.array(leaves), tuple(pruned),
                           bool(normalize), cost)

    def cost_complexity(self, alpha: float, normalize: bool = True, cost: str = "impurity") -> float:
        """C_α(T) = Σ_leaves C(t) + α|T| (Li Hang (5.11), (5.26))."""
        c = self.node_costs(normalize, cost)
        return float(c[self.is_leaf].sum() + alpha * self.n_leaves)

    def prune(self, alpha: float, method: str = "ccp", normalize: bool = True,
              cost: str = "impurity") -> "Tree":
        """The subtree minimising C_α(T).

        ``method="ccp"``: T_k of the cost-complexity path with α_k ≤ α (Algorithm 5.7).
        ``method="c_alpha"``: Li Hang Algorithm 5.4 done exactly, by the bottom-up dynamic
        programme best(t) = min(C(t) + α, Σ_children best(c)), collapsing t when the leaf option
        is ≤ (5.15). Both give the smallest minimiser of C_α, so they agree.
        ``method="c_alpha_literal"``: the printed leaf-group retraction, repeated until nothing
        changes; it only collapses nodes whose children are all leaves and so can miss the optimum
        (seed 002 §2.6, e.g. the loan tree for α ∈ [7.28, 8.26) bits).
        """
        alpha = check_positive(alpha, "α", allow_zero=True)
        c = self.node_costs(normalize, cost)
        tol = 1e-12 * max(float(np.abs(c).max()), 1e-300) + 1e-12 * alpha
        if method == "ccp":
            path = self.pruning_path(normalize, cost)
            collapse = [i for a, step in zip(path.ccp_alphas, path.pruned, strict=True) if a <= alpha + tol
                        for i in step]
        elif method == "c_alpha":
            best = np.where(self.is_leaf, c + alpha, 0.0)
            fold = np.zeros(self.n_nodes, dtype=bool)
            for level in self._levels()[::-1]:
                inner = level[~self.is_leaf[level]]
                below = np.array([best[list(self.children(i))].sum() for i in inner])
                if len(inner):
                    fold[inner] = c[inner] + alpha <= below + tol
                    best[inner] = np.minimum(c[inner] + alpha, below)
            collapse = np.flatnonzero(fold)
        elif method == "c_alpha_literal":
            is_leaf = self.is_leaf.copy()
            changed = True
            while changed:
                changed = False
                for i in np.flatnonzero(~is_leaf)[::-1]:
                    kids = list(self.children(i))
                    if is_leaf[kids].all() and (c[i] + alpha
                                                <= c[kids].sum() + alpha * len(kids) + tol):
                        is_leaf[i] = True
                        changed = True
            # a collapsed node's children stay marked as leaves; _collapse drops them
            collapse = np.flatnonzero(is_leaf & ~self.is_leaf)
        else:
            raise ValueError('method must be "ccp", "c_alpha" or "c_alpha_literal".')
        return self._collapse(collapse, "pruned")


# ----------------------------------------------------------------------------------------------
# Growing


def _presorted(X):
    """X's stable argsort per column, (d, n), and X's columns in that order: the sort at the
    root of :meth:`_Builder.grow`, done once when many trees grow on the same X (boosting)."""
    srt = np.ascontiguousarray(np.argsort(X, axis=0, kind="stable").T)
    return srt, np.take_along_axis(X.T, srt, axis=1)


def _midpoint(a: float, b: float) -> float:
    s = a / 2.0 + b / 2.0
    return a if s == b else s


def _midpoints(a, b):
    """:func:`_midpoint` elementwise, for the thresholds between consecutive distinct sorted values."""
    mid = a / 2.0 + b / 2.0
    return np.where(mid == b, a, mid)


def _tie_tolerance(score, impurity):
    """1e-12·max(|score|, |impurity|): a score this close to the best one ties with it (rounding)."""
    return 1e-12 * np.maximum(np.abs(score), np.abs(impurity))


class _Columns:
    """Accumulates node records of the node-by-node builder into columns."""

    def __init__(self):
        self.rows = []
        self.categories = {}
        self.candidates = []

    def add(self, nid, parent, depth, branch, kind, feature, threshold, category, first_child,
            n_children, fraction, n, W, P, value, imp, score, reason, cands, cats=None):
        self.rows.append((parent, depth, branch, kind, feature, threshold, category, first_child,
                          n_children, fraction, n, W, P, value, imp, score, reason, nid))
        self.candidates.append(cands)
        if cats is not None:
            self.categories[nid] = cats

    def columns(self):
        cols = {}
        for j, name in enumerate(_COLUMNS):
            vals = [r[j] for r in self.rows]
            cols[name] = np.vstack(vals) if name in ("stats", "value") else np.array(vals)
        return cols


class _Builder:
    """Breadth-first greedy growth (TreeGenerate, seed 003 §4.2; Algorithms 5.2, 5.3, 5.5, 5.6).

    All-numeric data without NaN is grown a whole depth level at a time (vectorised); categorical
    or missing data node by node. Both give the same tree.
    """

    levelwise = True

    def __init__(self, crit, X, categorical, multiway, max_depth, min_samples_leaf, epsilon,
                 max_features, rng, classes=None, bins=None):
        self.crit, self.X = crit, np.ascontiguousarray(X)
        self.bins = bins                    # (codes, cuts) of ensembles._bin_table: histogram search
        self.categorical = categorical
        self.multiway = multiway
        self.max_depth = np.inf if max_depth is None else max_depth
        self.msl = min_samples_leaf
        self.epsilon = epsilon
        self.max_features = max_features
        self.rng = rng
        self.classes = classes
        self.has_nan = bool(np.isnan(X).any())
        self.d = X.shape[1]

    def _subset(self):
        return self.max_features is not None and self.max_features < self.d

    def _draws(self):
        """The generator of the ``max_features`` draws (made on first use: seeding costs time)."""
        self.rng = check_random_state(self.rng)
        return self.rng

    def _below(self, score, tol):
        """The split is rejected: gain ≤ 0 (second order) or score < ε (Algorithm 5.2 step 4), up
        to the score's :func:`_tie_tolerance` ``tol``."""
        if self.crit.strict:
            return score <= 0
        return score < self.epsilon - tol

    def grow(self, w0: FloatArray, presorted=None) -> Tree:
        """The tree on all rows of X with weights w0; ``presorted`` = :func:`_presorted` (X),
        when the caller grows many trees on the same X (boosting sorts once per fit)."""
        if self.levelwise and not self.has_nan and not self.categorical.any():
            return self._grow_tree_levels(w0, presorted)
        return self._grow_nodes(w0)

    def grow_leaves(self, w0: FloatArray, presorted=None) -> tuple[Tree, np.ndarray]:
        """:meth:`grow` on all-numeric X without NaN (boosting), and the leaf of every row of X:
        a round's update without a predict pass."""
        leaf = np.empty(len(self.X), dtype=np.intp)
        return self._grow_tree_levels(w0, presorted, leaf), leaf

    # -- level by level ----------------------------------------------------------------------

    def grow_forest(self, samples, counts=None) -> list[Tree]:
        """Several trees on the same X grown together (one root per entry of ``samples``, a list
        of row-index arrays, e.g. bootstrap draws). Each tree equals a separate fit on X[rows]
        except that the random feature draws come from one shared generator. ``counts`` (with
        min_samples_leaf = 1): each sample's rows are distinct and ascending and row i stands for
        counts[i] copies (a bootstrap as weights, as scikit-learn does); the same trees as the
        copies, and the roots' sorted entries are gathered from one argsort of X."""
        rows = np.concatenate(samples)
        sizes = [len(r) for r in samples]
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        if counts is None:
            cols, cands = self._grow_levels(rows, np.ones(len(rows)), starts)
        else:
            cols, cands = self._grow_levels(rows, np.concatenate(counts).astype(float), starts,
                                            np.ascontiguousarray(self._distinct_rows_order(rows, sizes).T))
            self._count_copies(cols)
        R = len(samples)
        tree_of = np.empty(len(cols["parent"]), dtype=np.int64)
        tree_of[:R] = np.arange(R)
        for j in np.flatnonzero(cols["parent"] >= 0):          # parents come first
            tree_of[j] = tree_of[cols["parent"][j]]
        order = np.argsort(tree_of, kind="stable")
        bounds = np.searchsorted(tree_of[order], np.arange(R + 1))
        local = np.empty(len(tree_of), dtype=np.int64)
        trees = []
        for t in range(R):
            sel = order[bounds[t]:bounds[t + 1]]
            local[sel] = np.arange(len(sel))
            c = {name: v[sel] for name, v in cols.items()}
            c["parent"] = np.where(c["parent"] >= 0, local[np.maximum(c["parent"], 0)], -1)
            c["first_child"] = np.where(c["first_child"] >= 0,
                                        local[np.maximum(c["first_child"], 0)], -1)
            c["origin"] = np.arange(len(sel))
            trees.append(Tree(c, self.d, self.crit.task, self.classes, None,
                              {name: v[sel] for name, v in cands.items()}))
        return trees

    def _distinct_rows_order(self, rows, sizes):
        """Entries (E, d) by sample, then by X[:, f], ties in entry order, for samples of distinct
        ascending rows: X's stable argsort per column with each sample's absent rows left out."""
        n, tree = len(self.X), np.repeat(np.arange(len(sizes)), sizes)
        present = np.zeros((len(sizes), n), dtype=bool)
        present[tree, rows] = True
        entry = np.zeros((len(sizes), n), dtype=np.int64)
        entry[tree, rows] = np.arange(len(rows))
        by_value = np.argsort(self.X, axis=0, kind="stable")
        return np.column_stack([entry[:, o][present[:, o]] for o in by_value.T])

    def _count_copies(self, cols):
        """Node sizes counted in copies (the weights are counts), and a leaf of one row repeated
        is pure, not below min_samples_leaf. With min_samples_leaf = 1 the other size rules
        decide alike on distinct rows and on copies (a mixed node has two distinct rows)."""
        if self.msl != 1:
            raise ValueError("Rows with counts give the trees of their copies for min_samples_leaf = 1.")
        one_row = cols["n_samples"] == 1
        cols["n_samples"] = np.rint(cols["weighted_n_samples"]).astype(cols["n_samples"].dtype)
        repeated = one_row & (cols["n_samples"] > 1)
        cols["reason"][repeated & (cols["reason"] == _REASON_CODE["min_samples_leaf"])] = \
            _REASON_CODE["pure"]

    def _grow_tree_levels(self, w0: FloatArray, presorted=None, leaf=None) -> Tree:
        srt, xs = (None, None) if presorted is None else presorted
        cols, cands = self._grow_levels(np.arange(len(self.X)), w0, np.array([0]), srt, xs, leaf)
        return Tree(cols, self.d, self.crit.task, self.classes, None, cands)

    @np.errstate(divide="ignore", invalid="ignore")                # empty children score −inf
    def _grow_levels(self, rows, w, starts, srt=None, xs=None, leaf=None):
        """Columns and candidate arrays of the trees rooted at the segments ``starts`` of rows.

        Each feature is sorted once, at the roots (or given: ``srt``, (d, E), and ``xs``):
        ``srt[f]`` lists the entries of ``rows`` by node, then by X[:, f] (ties in entry order),
        ``xs[f]`` their values, and each level partitions these lists between the children
        instead of sorting again. What does not steer the growth (leaf reasons, r̃_v, the
        candidates' thresholds and book quantities) is worked out once at the end. ``leaf`` (one
        tree on all of X: rows = 0 … n−1) is filled with each row's leaf."""
        X, crit, msl, d = self.X, self.crit, self.msl, self.d
        n_roots = len(starts)
        m = np.concatenate([starts[1:], [len(rows)]]) - starts
        if srt is None and self.bins is None and n_roots == 1:    # (histograms keep no sorted lists)
            srt = np.argsort(X[rows].T, axis=1, kind="stable")
        elif srt is None and self.bins is None:
            ranks = np.column_stack([np.unique(X[:, f], return_inverse=True)[1] for f in range(d)])
            srt = np.argsort((np.repeat(np.arange(n_roots), m)[:, None] * len(X) + ranks[rows]).T,
                             axis=1, kind="stable")
        if xs is None and srt is not None:
            xs = np.take_along_axis(X[rows].T, srt, axis=1)
        first_id = 0                                                # of the level's nodes
        levels = []
        depth = 0
        while True:
            B = len(starts)
            Sw, P, imp, value, pure, W = crit.nodes(rows, w, starts, m)
            open_ = (m >= 2 * msl) & ~pure
            if depth < self.max_depth and np.count_nonzero(open_):
                has, xa, xb, left, s, tol = (
                    self._level_search(Sw, P, imp, starts, m, open_, srt, xs) if self.bins is None
                    else self._level_search_binned(Sw, P, imp, m, open_, rows))
                feat, cut, found = self._choose(has, xa, s, tol, imp, open_)
            else:                                   # every node of the level is a leaf
                feat, found = np.full(B, -1), np.zeros(B, dtype=bool)
                has, xa = np.zeros((B, d), dtype=bool), np.full((B, d), np.nan)
                xb, left = xa, np.full((B, d, crit.search_stats(P).shape[-1]), np.nan)
            levels.append((feat, m, W, P, value, imp, pure, found, has, xa, xb, left))
            split = feat >= 0
            n_split = np.count_nonzero(split)
            if leaf is not None:
                node_of = first_id + np.arange(B).repeat(m)      # each entry's node
            if not n_split:
                if leaf is not None:
                    leaf[rows] = node_of
                break
            two = 2 * split
            child_base = two.cumsum() - two
            x = X.take(rows if d == 1 else rows * d + feat.repeat(m))
            go_right = x > cut.repeat(m)                          # x > a ⇔ x > (a+b)/2
            ids = np.int16 if 2 * B < 2 ** 15 - 1 else np.int64   # numpy radix-sorts 16-bit ids
            child = np.where(split, child_base, 2 * B).astype(ids).repeat(m) + go_right
            kept = child.argsort(kind="stable")
            m_next = np.bincount(child, minlength=2 * B + 1)[:2 * n_split]
            if leaf is not None:                              # entries of the level's leaves
                gone = kept[m_next.sum():]
                leaf[rows.take(gone)] = node_of.take(gone)
                first_id += B
            m = m_next
            starts = np.add.accumulate(m) - m
            kept = kept[:starts[-1] + m[-1]]
            rows, w = rows.take(kept), w.take(kept)
            depth += 1
            if depth < self.max_depth and self.bins is None:   # the last level is not searched
                srt, xs = self._partition_sorted(srt, xs, child, kept)
        names = ("feature", "n_samples", "weighted_n_samples", "stats", "value", "impurity",
                 "pure", "found", "has", "below", "above", "left")
        return self._columns(dict(zip(names, zip(*levels, strict=True), strict=True)), n_roots)

    def _choose(self, has, xa, s, tol, imp, open_):
        """Each node's split from its features' best thresholds (the first feature within the
        tolerance of the top score; ``max_features`` draws): (feature or −1, the value ``xa``
        below its cut, found). ``tol``: each score's :func:`_tie_tolerance`."""
        if self.d == 1:                                     # the one feature's score decides
            found, top, tol, best, cut = has[:, 0], s[:, 0], tol[:, 0], 0, xa[:, 0]
        else:
            if self._subset():
                has &= self._allowed(np.where(has, s, np.nan), open_)
            s = np.where(has, s, -np.inf)
            top = s.max(1)
            found = np.isfinite(top)
            tol = _tie_tolerance(top, imp)                  # (inf where not found: no split)
            best = np.argmax(s >= (top - tol)[:, None], axis=1)
            cut = xa[np.arange(len(best)), best]
        split = found & ~self._below(top, tol)
        return np.where(split, best, -1), cut, found

    def _columns(self, out, n_roots):
        """The tree columns and candidate arrays from the per-level lists of :meth:`_grow_levels`."""
        cols = {name: np.concatenate(v) for name, v in out.items()}
        level_sizes = [len(v) for v in out["feature"]]
        has, left, P = cols.pop("has"), cols.pop("left"), cols["stats"]
        quantities = self.crit.evaluate(np.stack([left, P[:, None, :left.shape[-1]] - left]),
                                        P[:, None, :])          # (in _grow_levels' errstate)
        thresholds = _midpoints(cols.pop("below"), cols.pop("above"))
        cands = dict(zip(_CAND_FIELDS, (np.where(has, q, np.nan) for q in (
            quantities[0], thresholds) + quantities[1:]), strict=True))
        total = len(cols["feature"])
        is_split = cols["feature"] >= 0
        depth = np.repeat(np.arange(len(level_sizes)), level_sizes)
        reason = np.full(total, _REASON_CODE["below_epsilon"], dtype=np.int8)
        for code, at in (("no_split", ~cols.pop("found")), ("pure", cols.pop("pure")),
                         ("min_samples_leaf", cols["n_samples"] < 2 * self.msl),
                         ("max_depth", depth >= self.max_depth), ("", is_split)):
            reason[at] = _REASON_CODE[code]              # later (stronger) reasons override
        cols["reason"] = reason
        chosen = np.arange(total), cols["feature"]
        cols["threshold"] = np.where(is_split, thresholds[chosen], np.nan)
        cols["score"] = np.where(is_split, cands["score"][chosen], np.nan)
        k = np.cumsum(is_split) - 1
        internal = np.flatnonzero(is_split)
        j = np.arange(n_roots, total)               # binary breadth-first numbering
        parent = np.concatenate([np.full(n_roots, -1), internal[(j - n_roots) // 2]])
        W = cols["weighted_n_samples"]
        sibling_sum = np.concatenate([W[:n_roots], np.repeat(W[n_roots::2] + W[n_roots + 1::2], 2)])
        cols.update(
            parent=parent, branch=np.concatenate([np.full(n_roots, -1), (j - n_roots) % 2]),
            depth=depth, fraction=W / sibling_sum,
            kind=np.where(is_split, _THRESHOLD, _LEAF), category=np.full(total, np.nan),
            first_child=np.where(is_split, n_roots + 2 * k, -1), n_children=2 * is_split,
            origin=np.arange(total))
        return cols, cands

    @staticmethod
    def _partition_sorted(srt, xs, child, kept):
        """The per-feature sorted entry lists and values of the next level: each row of ``srt``
        (and ``xs``) sorted stably by the child its entry goes to (``child``; entries past
        ``kept`` are dropped), in the new entry numbering (entry ``kept[j]`` becomes j)."""
        d, E = srt.shape
        K = len(kept)
        flat = child.take(srt).argsort(axis=1, kind="stable")[:, :K]
        if d > 1:
            flat += (E * np.arange(d))[:, None]                       # gathers as flat takes
        new_index = np.empty(E, dtype=np.int64)
        new_index[kept] = np.arange(K)
        return new_index.take(srt.take(flat)), xs.take(flat)

    def _allowed(self, scores, open_):
        """Which (node, feature) results count when each node draws ``max_features`` features.

        A node draws a random order of the features; it uses the first ``max_features``, or, if
        none of those has a valid split, the first later feature that has one.
        """
        B, d = scores.shape
        allowed = np.zeros((B, d), dtype=bool)
        idx = np.flatnonzero(open_)
        keys = self._draws().random((len(idx), d))
        rank = np.argsort(np.argsort(keys, axis=1), axis=1)
        a = rank < self.max_features
        valid = ~np.isnan(scores[idx])
        none = ~(a & valid).any(1)
        if none.any():
            later = np.where(valid & ~a, rank, d)
            pick = np.argmin(later, axis=1)
            ok = none & (later.min(1) < d)
            a[ok] = False
            a[ok, pick[ok]] = True
        allowed[idx] = a
        return allowed

    def _level_search(self, Sw, P, imp, starts, m, open_, srt, xs):
        """The best threshold of every feature in every open node of a level (``srt``, ``xs``:
        the entries and values sorted per feature, (d, E), see :meth:`_grow_levels`): (has, the
        values a < b either side of the cut (its threshold is their midpoint), left stats,
        score), each per (node, feature); ``has`` is False where the feature has no valid
        threshold, and the score comes from :meth:`split_scores`."""
        d, E = srt.shape
        S = self.crit.search_stats(Sw).take(srt, axis=0)               # (d, E, s)
        C0 = np.empty((d, E + 1) + S.shape[2:])
        C0[:, 0] = 0.0
        L = np.add.accumulate(S, axis=1, out=C0[:, 1:])                # (cumsum, called faster)
        if len(starts) > 1:                                           # (a root's offset is 0)
            L -= C0.take(starts, axis=1).repeat(m, axis=1)            # left stats, entry i included
        ok = np.zeros((d, E), dtype=bool)
        np.greater(xs[:, 1:], xs[:, :-1], out=ok[:, :-1])             # distinct values
        if self.msl == 1:                                             # no cut after a node's end
            ok[:, starts[1:] - 1] = False
        else:
            cnt = np.arange(1, E + 1) - starts.repeat(m)              # entries left of the cut
            ok &= (cnt >= self.msl) & (cnt <= (m - self.msl).repeat(m))
        score = self.crit.split_scores(L, P, imp, m, ok)
        segmax = np.maximum.reduceat(score, starts, axis=1)            # (d, B)
        has = np.isfinite(segmax) & open_
        tol = _tie_tolerance(segmax, imp)                              # (only has counts)
        hit = np.flatnonzero(score >= (segmax - tol).repeat(m, axis=1))  # flat (feature, entry)
        seg = starts[None] if d == 1 else starts + (E * np.arange(d))[:, None]   # flat node starts
        first = hit.take(np.searchsorted(hit, seg), mode="clip")      # (a node's top is a hit)
        xa = xs.ravel()[first]
        xb = xs.ravel().take(first + 1, mode="clip")                  # (any value where not has)
        left = C0.reshape(d * (E + 1), -1).take(first + np.arange(1, d + 1)[:, None], axis=0)
        return has.T, xa.T, xb.T, left.transpose(1, 0, 2), segmax.T, tol.T

    def _level_search_binned(self, Sw, P, imp, m, open_, rows):
        """:meth:`_level_search` on histograms (LightGBM's histogram algorithm, seed 003 §5.5.2):
        one pass sums each open node's stats per bin of every feature, and the cut after bin j
        (x ≤ c_j goes left) is scored from the cumulative sums over the bins. A cut counts after
        a non-empty bin with ``min_samples_leaf`` rows on each side; its threshold is c_j itself
        (a = b = c_j), so with a bin per distinct value the tree partitions as the exact search."""
        codes, cuts = self.bins
        d, k = cuts.shape
        S = self.crit.search_stats(Sw)
        if open_.all():
            Bo, mo, P_o, imp_o = len(m), m, P, imp
        else:                                               # only the open nodes' entries
            keep = np.repeat(open_, m)
            Bo, mo, P_o, imp_o = np.count_nonzero(open_), m[open_], P[open_], imp[open_]
            rows, S = rows[keep], S[keep]
        key = codes.take(rows, axis=1)                                 # (d, E): the bins, then
        if Bo > 1:
            key += np.repeat(np.arange(0, Bo * k, k), mo)             # + the node's block
        if d > 1:
            key += np.arange(0, d * Bo * k, Bo * k)[:, None]          # + the feature's block
        key = key.ravel()
        L = np.empty((S.shape[1], d, Bo, k))
        for j, column in enumerate(S.T):                            # Σ per bin, then cumulative
            L[j] = np.bincount(key, column if d == 1 else np.concatenate([column] * d),
                               d * Bo * k).reshape(d, Bo, k)
        np.add.accumulate(L, axis=3, out=L)
        count = np.bincount(key, minlength=d * Bo * k).reshape(d, Bo, k)
        n_left = count.cumsum(axis=2)
        ok = (count > 0) & (n_left >= self.msl) & (n_left <= (mo - self.msl)[:, None])
        score = self.crit.split_scores(np.moveaxis(L.reshape(-1, d, Bo * k), 0, -1), P_o, imp_o,
                                       np.full(Bo, k), ok.reshape(d, Bo * k)).reshape(d, Bo, k)
        top = score.max(axis=2)                                       # (d, Bo)
        best = np.argmax(score >= (top - _tie_tolerance(top, imp_o))[..., None], axis=2)
        f, node = np.arange(d)[:, None], np.arange(Bo)
        xa, left = cuts[f, best], L[:, f, node, best].transpose(2, 1, 0)   # (d, Bo), (Bo, d, s)
        if Bo < len(m):                                              # closed nodes: no split
            top_o, xa_o, left_o = top, xa, left
            top, xa = np.full((d, len(m)), -np.inf), np.zeros((d, len(m)))
            left = np.full((len(m),) + left_o.shape[1:], np.nan)
            top[:, open_], xa[:, open_], left[open_] = top_o, xa_o, left_o
        return np.isfinite(top).T, xa.T, xa.T, left, top.T, _tie_tolerance(top, imp).T

    # -- node by node (categorical features, missing values) ---------------------------------

    def _grow_nodes(self, w0: FloatArray) -> Tree:
        n = len(self.X)
        queue = deque([(0, -1, 0, -1, 1.0, np.arange(n), w0)])
        col, next_id = _Columns(), 1
        while queue:
            nid, parent, depth, branch, frac, rows, w = queue.popleft()
            Sw, P, imp, value, pure = self.crit.node(rows, w)
            m = len(rows)
            cands, best, reason = (), None, ""
            if depth >= self.max_depth:
                reason = "max_depth"
            elif m < 2 * self.msl or m < 2:
                reason = "min_samples_leaf"
            elif pure:
                reason = "pure"
            else:
                cands, best = self._search(rows, w, Sw, P, imp)
                if best is None:
                    reason = "no_split"
                elif self._below(best.score, _tie_tolerance(best.score, imp)):
                    reason = "below_epsilon"
            W = float(w.sum())
            if reason:
                col.add(nid, parent, depth, branch, _LEAF, -1, np.nan, np.nan, -1, 0, frac, m, W,
                        P, value, imp, np.nan, _REASON_CODE[reason], cands)
                continue
            parts, fractions = self._partition(best, rows, w)
            for v, (r, ww) in enumerate(parts):
                queue.append((next_id + v, nid, depth + 1, v, fractions[v], r, ww))
            col.add(nid, parent, depth, branch, _KINDS.index(best.kind), best.feature,
                    best.threshold, best.category, next_id, len(parts), frac, m, W, P, value, imp,
                    best.score, 0, cands, best.categories if best.kind == "multiway" else None)
            next_id += len(parts)
        return Tree(col.columns(), self.d, self.crit.task, self.classes, col.categories,
                    col.candidates)

    def _search(self, rows, w, Sw, P, imp):
        Xn = self.X[rows]
        nan_cols = np.isnan(Xn).any(0) if self.has_nan else np.zeros(self.d, dtype=bool)
        if self._subset():
            perm = np.argsort(self._draws().random(self.d))
            first, rest = sorted(perm[:self.max_features].tolist()), perm[self.max_features:].tolist()
        else:
            first, rest = list(range(self.d)), []
        found = self._candidates(first, Xn, w, Sw, P, nan_cols)
        cands = [c for f in sorted(found) for c in found[f]]
        while not cands and rest:                     # max_features drew only useless features
            f = rest.pop(0)
            cands = self._candidates([f], Xn, w, Sw, P, nan_cols).get(f, [])
        if not cands:
            return (), None
        scores = np.array([c.score for c in cands])
        top = scores.max()
        best = cands[int(np.argmax(scores >= top - _tie_tolerance(top, imp)))]
        return tuple(cands), best

    def _candidates(self, feats, Xn, w, Sw, P, nan_cols):
        out = {}
        plain = [f for f in feats if not self.categorical[f] and not nan_cols[f]]
        if plain:
            out.update(self._numeric_block(plain, Xn[:, plain], Sw, P, 1.0))
        for f in feats:
            if f in out or (not self.categorical[f] and not nan_cols[f]):
                continue
            x = Xn[:, f]
            known = ~np.isnan(x) if nan_cols[f] else np.ones(len(x), dtype=bool)
            if not known.any():
                continue
            Wk = float(w[known].sum())
            if Wk <= 0:
                continue
            rho = Wk / float(w.sum())
            Sk = Sw[known]
            Pk = Sk.sum(0) if nan_cols[f] else P
            if self.categorical[f]:
                c = self._categorical(f, x[known], Sk, Pk, rho)
            else:
                c = self._numeric_block([f], x[known][:, None], Sk, Pk, rho).get(f, [])
            if c:
                out[f] = c
        return out

    def _numeric_block(self, feats, Xb, Sw, P, rho):
        m = len(Xb)
        if m < 2:
            return {}
        order = np.argsort(Xb, axis=0, kind="stable")
        xs = np.take_along_axis(Xb, order, axis=0)
        C = np.cumsum(Sw[order], axis=0)                  # (m, f, s)
        L = C[:-1]
        children = np.stack([L, P - L])
        pos = np.arange(1, m)
        valid = (xs[1:] > xs[:-1]) & ((pos >= self.msl) & (m - pos >= self.msl))[:, None]
        valid &= self.crit.valid(children)
        if not valid.any():
            return {}
        score = self.crit.evaluate(children, P)[0]
        score = np.where(valid, score, -np.inf)
        top = score.max(axis=0)
        out = {}
        for j, f in enumerate(feats):
            if not np.isfinite(top[j]):
                continue
            i = int(np.argmax(score[:, j] >= top[j] - _tie_tolerance(top[j], self.crit.impurity(P))))
            s, dec, ci, si = self.crit.evaluate(children[:, i, j][:, None], P)
            out[f] = [SplitCandidate(f, "threshold", _midpoint(xs[i, j], xs[i + 1, j]), np.nan, (),
                                     float(s[0]) * rho, float(dec[0]), float(ci[0]),
                                     float(si[0]), rho)]
        return out

    def _categorical(self, f, x, Sk, Pk, rho):
        vals, inv = np.unique(x, return_inverse=True)
        V = len(vals)
        if V < 2:
            return []
        cat = np.zeros((V, Sk.shape[1]))
        np.add.at(cat, inv, Sk)
        cnt = np.bincount(inv, minlength=V)
        m = len(x)
        if self.multiway:
            children = cat[:, None, :]
            if np.any(cnt < self.msl) or not self.crit.valid(children)[0]:
                return []
            s, dec, ci, si = self.crit.evaluate(children, Pk)
            return [SplitCandidate(f, "multiway", np.nan, np.nan, tuple(float(v) for v in vals),
                                   float(s[0]) * rho, float(dec[0]), float(ci[0]), float(si[0]),
                                   rho)]
        Vc = 1 if V == 2 else V
        children = np.stack([cat[:Vc], Pk - cat[:Vc]])
        ok = (cnt[:Vc] >= self.msl) & (m - cnt[:Vc] >= self.msl) & self.crit.valid(children)
        s, dec, ci, si = self.crit.evaluate(children, Pk)
        return [SplitCandidate(f, "equals", np.nan, float(vals[j]), (), float(s[j]) * rho,
                               float(dec[j]), float(ci[j]), float(si[j]), rho)
                for j in range(Vc) if ok[j]]

    def _partition(self, best, rows, w):
        """Rows and weights of each child; a row missing the feature goes everywhere × r̃_v."""
        x = self.X[rows, best.feature]
        nan = np.isnan(x)
        if best.kind == "threshold":
            idx = (x > best.threshold).astype(np.intp)
            V = 2
        elif best.kind == "equals":
            idx = (x != best.category).astype(np.intp)
            V = 2
        else:
            cats = np.asarray(best.categories)
            idx = np.searchsorted(cats, x)
            V = len(cats)
        idx[nan] = -1
        Wv = np.array([w[idx == v].sum() for v in range(V)])
        fractions = tuple(float(f) for f in Wv / Wv.sum())
        parts = []
        for v in range(V):
            sel = idx == v
            r, ww = rows[sel], w[sel]
            if nan.any():
                r = np.concatenate([r, rows[nan]])
                ww = np.concatenate([ww, w[nan] * fractions[v]])
            parts.append((r, ww))
        return parts, fractions


# ----------------------------------------------------------------------------------------------
# Input checks shared by trees and ensembles


def _check_X(X, n_features: int | None = None, allow_nan: bool = True) -> FloatArray:
    try:
        X = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise ValueError(f"X must contain only numbers ({err}); code categorical features as "
                         "integers (decision trees also take text categories).") from None
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2:
        raise ValueError(f"X must be a table of shape (n_samples, n_features); got an array with "
                         f"{X.ndim} dimensions.")
    if X.shape[0] < 1:
        raise ValueError("X needs at least 1 sample; got 0.")
    if X.shape[1] == 0:
        raise ValueError("X has no features (columns).")
    if np.isinf(X).any():
        raise ValueError("X contains infinite values; remove or clip them first.")
    if not allow_nan and np.isnan(X).any():
        raise ValueError("X contains missing values (NaN); only DecisionTreeClassifier and "
                         "DecisionTreeRegressor handle them. Remove or fill them first.")
    if n_features is not None and X.shape[1] != n_features:
        raise ValueError(f"X has {X.shape[1]} features, but the model was fitted with "
                         f"{n_features}.")
    return X


def _has_text(X) -> bool:
    """Whether X holds cells that are not numbers (a table with text categories)."""
    try:
        np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        return True
    return False


def _check_y_length(y, n):
    y = np.asarray(y)
    if y.ndim == 2 and 1 in y.shape:
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError("y must be one value per sample (a 1-D array).")
    if len(y) != n:
        raise ValueError(f"X has {n} samples but y has {len(y)}; they must match.")
    return y


def _check_class_y(y, n, min_classes=2):
    y = _check_y_length(y, n)
    if y.dtype.kind == "f" and np.isnan(y).any():
        raise ValueError("y contains missing values (NaN); every sample needs a class label.")
    if y.dtype.kind == "O":
        y = y.astype(str)
    classes = check_classification_targets(y, min_classes=min_classes)
    return y, classes, np.searchsorted(classes, y)


def _check_reg_y(y, n):
    y = _check_y_length(y, n)
    try:
        y = y.astype(np.float64)
    except (TypeError, ValueError):
        raise ValueError("y must contain numbers for regression.") from None
    if not np.all(np.isfinite(y)):
        raise ValueError("y contains missing or infinite values; remove or fill them first.")
    return y


def _check_sample_weight(sample_weight, n) -> FloatArray:
    if sample_weight is None:
        return np.ones(n)
    w = np.asarray(sample_weight, dtype=float).reshape(-1)
    if w.shape != (n,):
        raise ValueError(f"sample_weight must have one weight per sample ({n}); got {w.size}.")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("sample_weight must be finite and non-negative.")
    if w.sum() <= 0:
        raise ValueError("sample_weight must not be all zero.")
    return w


def _weighted_rows(w: FloatArray, *arrays):
    """``w`` and the arrays without their rows of weight 0: a row of weight 0 is no row at all, so it
    may place no split threshold (and AdaBoost never sees it)."""
    keep = w > 0
    return (w, *arrays) if keep.all() else (w[keep], *(a[keep] for a in arrays))


def _check_int(value, name, minimum, allow_none=False):
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be a whole number ≥ {minimum}"
                         f"{' or None' if allow_none else ''}; got {value!r}.")
    return int(value)


def _resolve_max_features(max_features, d):
    if max_features is None:
        return None
    if isinstance(max_features, str):
        if max_features == "sqrt":
            return max(1, int(np.sqrt(d)))
        if max_features == "log2":
            return max(1, int(np.log2(d)))
        raise ValueError('max_features must be None, "sqrt", "log2", a whole number or a '
                         f'fraction in (0, 1]; got {max_features!r}.')
    if isinstance(max_features, (int, np.integer)) and not isinstance(max_features, bool):
        if not 1 <= max_features <= d:
            raise ValueError(f"max_features must be between 1 and the number of features ({d}); "
                             f"got {max_features}.")
        return int(max_features)
    if isinstance(max_features, float) and 0 < max_features <= 1:
        return max(1, int(max_features * d))
    raise ValueError('max_features must be None, "sqrt", "log2", a whole number or a fraction in '
                     f'(0, 1]; got {max_features!r}.')


def _categorical_mask(categorical_features, d):
    if categorical_features is None:
        return np.zeros(d, dtype=bool)
    cf = np.asarray(categorical_features)
    if cf.dtype == bool:
        if cf.shape != (d,):
            raise ValueError(f"A boolean categorical_features mask needs {d} entries, one per "
                             f"feature; got {cf.size}.")
        return cf.copy()
    cf = cf.reshape(-1)
    if cf.size and (cf.dtype.kind not in "iu" or cf.min() < 0 or cf.max() >= d):
        raise ValueError(f"categorical_features must list column indices between 0 and {d - 1}; "
                         f"got {categorical_features!r}.")
    mask = np.zeros(d, dtype=bool)
    mask[cf.astype(int)] = True
    return mask


# ----------------------------------------------------------------------------------------------
# Estimators


class _BaseTree(BaseEstimator):
    """Shared fit / predict / pruning machinery of the two tree estimators."""

    def _check_params(self, d):
        _check_int(self.max_depth, "max_depth", 0, allow_none=True)
        _check_int(self.min_samples_leaf, "min_samples_leaf", 1)
        eps = check_positive(self.epsilon, "epsilon (the book's ε)", allow_zero=True)
        check_positive(self.ccp_alpha, "ccp_alpha", allow_zero=True)
        return eps, _resolve_max_features(self.max_features, d), _categorical_mask(
            self.categorical_features, d)

    def _table(self, X) -> FloatArray:
        """X with its text columns as level codes; their names go to ``category_names_`` (None for
        number columns, or None altogether for a table of numbers)."""
        self.category_names_ = None
        if _has_text(X):
            X, self.category_names_ = encode_categories(X)
        return _check_X(X)

    def _grow(self, crit, X, w, multiway, classes):
        eps, max_features, cat = self._check_params(X.shape[1])
        if getattr(self, "category_names_", None) is not None:  # text columns are categorical
            cat = cat | np.array([names is not None for names in self.category_names_])
        self.categorical_ = cat
        self.n_features_in_ = X.shape[1]
        builder = _Builder(crit, X, cat, multiway, self.max_depth, self.min_samples_leaf, eps,
                           max_features, self.random_state, classes)
        tree = builder.grow(w)
        if self.ccp_alpha > 0:
            tree = tree.prune(self.ccp_alpha, "ccp", normalize=True)
        self._set_tree(tree)
        return self

    def _set_tree(self, tree):
        self.tree_ = tree

    def _forest(self, crit, X, samples, multiway, classes, rng, counts=None) -> list:
        """Fitted copies of this estimator, one per row sample, grown together (bagging);
        ``counts`` as in :meth:`_Builder.grow_forest`."""
        eps, max_features, cat = self._check_params(X.shape[1])
        builder = _Builder(crit, X, cat, multiway, self.max_depth, self.min_samples_leaf, eps,
                           max_features, rng, classes)
        if cat.any() or not builder.levelwise:
            raise ValueError("Batched growth needs numeric features.")
        out = []
        for tree in builder.grow_forest(samples, counts):
            if self.ccp_alpha > 0:
                tree = tree.prune(self.ccp_alpha, "ccp", normalize=True)
            est = copy.copy(self)
            est.categorical_, est.n_features_in_ = cat, X.shape[1]
            if classes is not None:
                est.classes_, est.n_classes_ = classes, len(classes)
            est._set_tree(tree)
            out.append(est)
        return out

    @property
    def nodes_(self) -> tuple:
        """The fitted tree's :class:`TreeNode` records (breadth-first ids)."""
        return self.tree_.nodes

    def _X(self, X):
        check_is_fitted(self, "tree_")
        names = getattr(self, "category_names_", None)
        if names is not None and _has_text(X):
            X, _ = encode_categories(X, names)
        return _check_X(X, self.n_features_in_)

    def apply(self, X) -> np.ndarray:
        """Leaf id reached by each sample (see :meth:`Tree.apply`)."""
        X = self._X(X)
        return self.tree_.apply(X)

    def decision_path(self, X) -> np.ndarray:
        """Boolean (n_samples, n_nodes): the nodes each sample passes; column j = node j's region."""
        X = self._X(X)
        return self.tree_.decision_path(X)

    def node_weights(self, X) -> FloatArray:
        """(n_samples, n_nodes) weights with which each row reaches each node (see
        :meth:`Tree.node_weights`); column j weights the node's samples for its criterion table."""
        X = self._X(X)
        return self.tree_.node_weights(X)

    def node_bounds(self):
        """(lower, upper) boxes of every node for numeric features (see :meth:`Tree.node_bounds`)."""
        check_is_fitted(self, "tree_")
        return self.tree_.node_bounds()

    def get_depth(self) -> int:
        check_is_fitted(self, "tree_")
        return self.tree_.max_depth

    def get_n_leaves(self) -> int:
        check_is_fitted(self, "tree_")
        return self.tree_.n_leaves

    def rules(self, feature_names=None, category_names=None):
        """If-then rules, one per leaf (Li Hang §5.1.2); text categories by their names."""
        check_is_fitted(self, "tree_")
        return self.tree_.rules(feature_names, category_names or getattr(self, "category_names_", None))

    def _copy_with(self, tree):
        new = copy.copy(self)
        new._set_tree(tree)
        return new

    def truncate(self, max_depth: int | None = None, n_splits: int | None = None):
        """A copy showing the tree after its first ``n_splits`` splits and/or up to ``max_depth``."""
        check_is_fitted(self, "tree_")
        return self._copy_with(self.tree_.truncate(max_depth, n_splits))

    def pruning_path(self, normalize: bool = True, cost: str = "impurity") -> PruningPath:
        """The cost-complexity path of this fitted tree (no refit); see :meth:`Tree.pruning_path`."""
        check_is_fitted(self, "tree_")
        return self.tree_.pruning_path(normalize, cost)

    def cost_complexity_pruning_path(self, X, y, sample_weight=None, normalize: bool = True,
                                     cost: str = "impurity") -> PruningPath:
        """Grow a tree with these parameters on (X, y) and return its pruning path.

        Like scikit-learn's method: ``path.ccp_alphas`` and ``path.impurities`` (per-sample scale
        by default; ``normalize=False`` gives the book's count scale, α × N).
        """
        est = clone(self)
        est.ccp_alpha = 0.0
        est.fit(X, y, sample_weight=sample_weight)
        return est.pruning_path(normalize, cost)

    def prune(self, alpha: float, method: str = "ccp", normalize: bool = True,
              cost: str = "impurity"):
        """A pruned copy minimising C_α(T) (methods "ccp", "c_alpha", "c_alpha_literal").

        See :meth:`Tree.prune`. Node ids are renumbered; ``node.origin`` keeps the grown tree's id.
        """
        check_is_fitted(self, "tree_")
        return self._copy_with(self.tree_.prune(alpha, method, normalize, cost))

    def pruned_n_leaves(self, alphas, method: str = "ccp", normalize: bool = True,
                        cost: str = "impurity") -> np.ndarray:
        """|T| of ``prune(α, method)`` for each α (e.g. the printed Algorithm 5.4 against the
        optimum, seed 002 §2.6)."""
        return np.array([self.prune(float(a), method, normalize, cost).get_n_leaves() for a in alphas],
                        dtype=int)

    def path_errors(self, X, y, normalize: bool = True, cost: str = "impurity") -> FloatArray:
        """:meth:`error` on (X, y) of every subtree T_k of the pruning path T_0 ⊃ T_1 ⊃ … (Li Hang
        §5.5.2 step (2): the errors from which the best T_α is chosen)."""
        path = self.pruning_path(normalize, cost)
        return np.array([self.prune(a, "ccp", normalize, cost).error(X, y) for a in path.ccp_alphas])


class DecisionTreeClassifier(_BaseTree):
    """ID3, C4.5 or CART classification tree (Li Hang Algorithms 5.2, 5.3, 5.6; seed 003 §4).

    ``criterion``: "entropy" (information gain (5.9), ID3), "gain_ratio" (C4.5 with the standard
    denominator H_A(D) — erratum #2 of seed 002: the printed (5.10) divides by H(D)),
    "gain_ratio_book" (the printed g/H(D), which ranks features exactly like ID3), or "gini"
    (CART, (5.25)). Categorical columns (``categorical_features``: indices or a boolean mask) get
    multiway splits under the entropy criteria and "A = a" splits under Gini.
    ``epsilon`` is the book's ε (Algorithm 5.2 step 4): a node whose best score is below ε
    becomes a leaf. ``max_features`` draws that many features per node (random forests).
    ``ccp_alpha`` > 0 prunes the grown tree (per-sample scale, as scikit-learn).
    NaN in X marks a missing value (seed 003 §4.5; see the module docstring). X may hold text
    categories (a printed table as it is): those columns are categorical, ``category_names_`` keeps
    their level names (rules and predictions use them), and the tree equals the one fitted on the
    level codes.
    """

    def __init__(self, criterion: str = "gini", max_depth: int | None = None,
                 min_samples_leaf: int = 1, categorical_features=None, epsilon: float = 0.0,
                 max_features=None, ccp_alpha: float = 0.0, random_state=None):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "DecisionTreeClassifier":
        X = self._table(X)
        _, classes, codes = _check_class_y(y, len(X))
        return self._fit_codes(X, codes, classes, _check_sample_weight(sample_weight, len(X)))

    def _fit_codes(self, X, codes, classes, w):
        """Fit on integer class codes into ``classes`` (an ensemble passes all its classes)."""
        if self.criterion not in _CLASS_CRITERIA:
            raise ValueError(f"criterion must be one of {_CLASS_CRITERIA}; got {self.criterion!r}.")
        self.classes_ = classes
        self.n_classes_ = len(classes)
        w, X, codes = _weighted_rows(w, X, codes)
        crit = _ClassCriterion(self.criterion, codes, len(classes))
        return self._grow(crit, X, w, self.criterion in _MULTIWAY_CRITERIA, classes)

    def _forest_codes(self, X, codes, classes, samples, rng, counts=None) -> list:
        """One fitted copy per row sample (bootstrap), all grown in one level-wise pass."""
        if self.criterion not in _CLASS_CRITERIA:
            raise ValueError(f"criterion must be one of {_CLASS_CRITERIA}; got {self.criterion!r}.")
        crit = _ClassCriterion(self.criterion, codes, len(classes))
        return self._forest(crit, X, samples, self.criterion in _MULTIWAY_CRITERIA, classes, rng,
                            counts)

    def predict_proba(self, X) -> FloatArray:
        """Class distribution of the leaf (a mixture of leaves for samples with missing values)."""
        X = self._X(X)
        return self.tree_.predict_value(X)

    def predict(self, X) -> np.ndarray:
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def score(self, X, y) -> float:
        """Accuracy."""
        return float(np.mean(self.predict(X) == np.asarray(y)))

    def error(self, X, y) -> float:
        """Misclassification rate: the share of samples whose prediction is not y."""
        return float(np.mean(self.predict(X) != np.asarray(y)))


class DecisionTreeRegressor(_BaseTree):
    """CART least-squares regression tree (Li Hang Algorithm 5.5): leaves are means (5.17).

    Splits minimise SSE(R₁) + SSE(R₂) (5.19); the node impurity is the (weighted) MSE, so the
    book's C(t) = SSE is ``node_costs(normalize=False)``. Categorical columns get "A = a" splits.
    Other parameters as :class:`DecisionTreeClassifier` (``epsilon`` is an MSE decrease).
    """

    def __init__(self, max_depth: int | None = None, min_samples_leaf: int = 1,
                 categorical_features=None, epsilon: float = 0.0, max_features=None,
                 ccp_alpha: float = 0.0, random_state=None):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "DecisionTreeRegressor":
        X = self._table(X)
        y = _check_reg_y(y, len(X))
        w, X, y = _weighted_rows(_check_sample_weight(sample_weight, len(X)), X, y)
        return self._grow(_SquaredError(y), X, w, False, None)

    def predict(self, X) -> FloatArray:
        X = self._X(X)
        return self.tree_.predict_value(X)[:, 0]

    def score(self, X, y) -> float:
        """Coefficient of determination R²."""
        y = np.asarray(y, dtype=float)
        resid = ((y - self.predict(X)) ** 2).sum()
        total = ((y - y.mean()) ** 2).sum()
        return float(1.0 - resid / total) if total > 0 else float(resid == 0)

    def error(self, X, y) -> float:
        """Mean squared error (1/N) Σ (f(x_i) − y_i)²."""
        return float(np.mean((self.predict(X) - np.asarray(y, dtype=float)) ** 2))


# ----------------------------------------------------------------------------------------------
# Tables and curves for the UI (the book's per-feature numbers)


@dataclass(frozen=True)
class FeatureScore:
    """Per-feature numbers of Examples 5.2–5.4 for one (categorical) feature A.

    ``values``: the category codes present; ``branch_counts``: class counts per value (V, K);
    ``branch_entropy``: H(D_i); ``conditional_entropy`` H(D|A); ``gain`` g(D,A) (5.9);
    ``split_info`` H_A(D); ``gain_ratio`` g/H_A(D) (standard C4.5); ``gain_ratio_book`` g/H(D)
    (printed (5.10)); ``gini_multiway`` Σ (|D_i|/|D|) Gini(D_i); ``gini_binary`` Gini(D, A = a)
    (5.25) for every value a. With missing values, H, g and Gini use D̃ and ``rho`` = |D̃|/|D|; the
    gains and ratios are then multiplied by ρ (seed 003 §4.5 (7)).
    """

    feature: int
    values: FloatArray
    branch_counts: FloatArray
    branch_entropy: FloatArray
    conditional_entropy: float
    gain: float
    split_info: float
    gain_ratio: float
    gain_ratio_book: float
    gini_multiway: float
    gini_binary: FloatArray
    rho: float


@dataclass(frozen=True)
class CriterionTable:
    """H(D), Gini(D) and a :class:`FeatureScore` per feature, for one node's samples."""

    classes: np.ndarray
    counts: FloatArray
    entropy: float
    gini: float
    features: tuple


def criterion_table(X, y, sample_weight=None) -> CriterionTable:
    """Every entropy, conditional entropy, gain, gain ratio and Gini value of Examples 5.2–5.4.

    Every column is treated as categorical (its distinct values are the branches); NaN is a
    missing value. Pass a node's samples (e.g. via ``decision_path``) for a deeper node's table.
    Text columns are coded first (values: level codes in order of first appearance).
    """
    X = _check_X(encode_categories(X)[0] if _has_text(X) else X)
    y, classes, codes = _check_class_y(y, len(X), min_classes=1)
    w = _check_sample_weight(sample_weight, len(X))
    U = np.eye(len(classes))[codes] * w[:, None]
    total = U.sum(0)
    feats = []
    for f in range(X.shape[1]):
        x = X[:, f]
        known = ~np.isnan(x)
        rho = float(w[known].sum() / w.sum())
        vals, inv = np.unique(x[known], return_inverse=True)
        counts = np.zeros((len(vals), len(classes)))
        np.add.at(counts, inv, U[known])
        Pk = counts.sum(0)
        Wk = Pk.sum()
        r = counts.sum(1) / Wk if Wk > 0 else np.zeros(len(vals))
        h_branch = _entropy_rows(counts)
        h_d = float(_entropy_rows(Pk))
        cond = float(r @ h_branch)
        gain = h_d - cond
        split_info = float(-xlogy(r, r).sum() / _LOG2)
        g_bin = np.array([float(r[j] * _gini_rows(counts[j]) + (1 - r[j]) * _gini_rows(Pk - counts[j]))
                          for j in range(len(vals))])
        feats.append(FeatureScore(
            f, _frozen(vals), _frozen(counts), _frozen(h_branch), cond, rho * gain, split_info,
            rho * gain / split_info if split_info > 0 else 0.0,
            rho * gain / h_d if h_d > 0 else 0.0, float(r @ _gini_rows(counts)), _frozen(g_bin),
            rho))
    return CriterionTable(classes, _frozen(total), float(_entropy_rows(total)),
                          float(_gini_rows(total)), tuple(feats))


@dataclass(frozen=True)
class SplitCurve:
    """The criterion at every threshold s of one numeric feature (split x ≤ s vs x > s).

    ``score`` as in :class:`SplitCandidate`; ``children_impurity`` Σ (N_v/N) I_v (for squared
    error, N × children_impurity is the book's m(s) = SSE₁ + SSE₂). ``n_left`` counts samples
    with x ≤ s. For the second-order criterion ``children_impurity`` holds −½ΣG_v²/(H_v+λ) and
    ``impurity_decrease`` the bracket ½[…] of the gain.
    """

    thresholds: FloatArray
    score: FloatArray
    impurity_decrease: FloatArray
    children_impurity: FloatArray
    split_info: FloatArray
    n_left: np.ndarray


def _curve(x, Sw, P, crit) -> SplitCurve:
    order = np.argsort(x, kind="stable")
    xs = x[order]
    C = np.cumsum(Sw[order], axis=0)[:-1]
    ok = xs[1:] > xs[:-1]
    C = C[ok]
    children = np.stack([C, P - C])
    s, dec, ci, si = crit.evaluate(children, P)
    thr = _midpoints(xs[:-1][ok], xs[1:][ok])
    n_left = np.flatnonzero(ok) + 1
    return SplitCurve(_frozen(thr), _frozen(s), _frozen(dec), _frozen(ci), _frozen(si), n_left)


def split_curve(x, y, criterion: str = "gini", sample_weight=None) -> SplitCurve:
    """Score of every candidate threshold of a 1-D numeric feature (the split inspector).

    ``criterion``: "gini", "entropy", "gain_ratio", "gain_ratio_book" (y = class labels) or
    "squared_error" (y numeric; Table 5.2's m(s) = N × children_impurity).
    """
    x = _check_X(x, allow_nan=False)
    if x.shape[1] != 1:
        raise ValueError("split_curve takes one feature (a 1-D array).")
    x = x[:, 0]
    w = _check_sample_weight(sample_weight, len(x))
    if criterion == "squared_error":
        crit = _SquaredError(_check_reg_y(y, len(x)))
    elif criterion in _CLASS_CRITERIA:
        _, classes, codes = _check_class_y(y, len(x), min_classes=1)
        crit = _ClassCriterion(criterion, codes, len(classes))
    else:
        raise ValueError(f"criterion must be one of {_CLASS_CRITERIA + ('squared_error',)}; got "
                         f"{criterion!r}.")
    Sw, P, *_ = crit.node(np.arange(len(x)), w)
    return _curve(x, Sw, P, crit)
