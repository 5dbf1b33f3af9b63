"""ML Explorer's algorithms: every method of the five seeds, from the textbook formulas.

Pure numpy/scipy (never streamlit or plotly). Estimators follow the scikit-learn contract described
in :mod:`algorithms._base`. Everything public is importable from here.
"""

from algorithms._base import BaseEstimator  # noqa: F401
from algorithms._base import clone  # noqa: F401
from algorithms._base import gaussian_kernel  # noqa: F401
from algorithms._base import squared_distances  # noqa: F401
from algorithms.anomaly import *  # noqa: F401,F403
from algorithms.basis import *  # noqa: F401,F403
from algorithms.bundling import *  # noqa: F401,F403
from algorithms.clustering import *  # noqa: F401,F403
from algorithms.combination import *  # noqa: F401,F403
from algorithms.control import *  # noqa: F401,F403
from algorithms.crosscheck import *  # noqa: F401,F403  (scikit-learn only inside its functions)
from algorithms.datasets import *  # noqa: F401,F403
from algorithms.decomposition import *  # noqa: F401,F403
from algorithms.deep import *  # noqa: F401,F403
from algorithms.distances import *  # noqa: F401,F403
from algorithms.ensembles import *  # noqa: F401,F403
from algorithms.generative import *  # noqa: F401,F403
from algorithms.glm import *  # noqa: F401,F403
from algorithms.growth import *  # noqa: F401,F403
from algorithms.kernel_machines import *  # noqa: F401,F403
from algorithms.kernels import *  # noqa: F401,F403
from algorithms.learning_theory import *  # noqa: F401,F403
from algorithms.linear_classifiers import *  # noqa: F401,F403
from algorithms.linear_regression import *  # noqa: F401,F403
from algorithms.mixture import *  # noqa: F401,F403
from algorithms.model_selection import *  # noqa: F401,F403
from algorithms.multiclass import *  # noqa: F401,F403
from algorithms.multitask import *  # noqa: F401,F403
from algorithms.neural import *  # noqa: F401,F403
from algorithms.online import *  # noqa: F401,F403
from algorithms.robust import *  # noqa: F401,F403
from algorithms.semi_supervised import *  # noqa: F401,F403
from algorithms.sequences import *  # noqa: F401,F403
from algorithms.sparse import *  # noqa: F401,F403
from algorithms.supervised_projection import *  # noqa: F401,F403
from algorithms.svm import *  # noqa: F401,F403
from algorithms.tables import *  # noqa: F401,F403
from algorithms.transfer import *  # noqa: F401,F403
from algorithms.trees import *  # noqa: F401,F403
from algorithms.xgb_ideas import *  # noqa: F401,F403
