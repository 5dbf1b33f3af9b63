"""Shared Streamlit/Plotly pieces: frame, data panel, figures, stepper, explanations, catalogue.

The models here are small (n ≤ a few thousand), and Streamlit runs each page in a script thread;
OpenBLAS's thread pool then only adds contention (a 50×50 SVD took 14 ms instead of 0.3 ms in a
script thread), so BLAS runs single-threaded for the whole app.
"""

from threadpoolctl import threadpool_limits

threadpool_limits(limits=1, user_api="blas")
