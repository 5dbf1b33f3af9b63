"""Shared Streamlit/Plotly pieces: frame, data panel, figures, stepper, explanations, catalogue.

The models here are small (n ≤ a few thousand), and Streamlit runs each page in a script thread;
OpenBLAS's thread pool then only adds contention (a 50×50 SVD took 14 ms instead of 0.3 ms in a
script thread), so BLAS runs single-threaded for the whole app. numpy and scipy are imported
first: threadpoolctl can only limit libraries that are already loaded.
"""

import numpy  # noqa: F401  (loads numpy's OpenBLAS)
import scipy.linalg  # noqa: F401  (loads scipy's OpenBLAS)
from threadpoolctl import threadpool_limits

threadpool_limits(limits=1, user_api="blas")
