"""Views of the sparse-learning page: lasso fit and paths, ball geometry, solvers, feature selection."""
