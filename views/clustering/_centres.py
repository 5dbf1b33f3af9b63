"""k-means starts placed by clicking: kept in session state and in the URL as "x,y;x,y"."""

import numpy as np
import streamlit as st

from views.clustering._common import MAX_K

CENTRES_KEY = "clu.centres"


def read_centres() -> list:
    if CENTRES_KEY not in st.session_state:
        text = st.query_params.get(CENTRES_KEY, "")
        try:
            centres = [tuple(float(v) for v in p.split(",")) for p in text.split(";") if p.count(",") == 1]
        except ValueError:
            centres = []
        st.session_state[CENTRES_KEY] = [c for c in centres if np.all(np.isfinite(c))][:MAX_K]
    return list(st.session_state[CENTRES_KEY])


def write_centres(centres: list | None) -> None:
    if centres:
        st.query_params[CENTRES_KEY] = ";".join(f"{x:g},{y:g}" for x, y in centres)
    else:
        st.query_params.pop(CENTRES_KEY, None)


def place_centre(stepper_key: str, points: list[dict]) -> None:
    """A click adds an initial centre (the last MAX_K are kept) and shows the stepper's first step."""
    if points:
        centres = list(st.session_state.get(CENTRES_KEY) or [])
        centres.append((round(float(points[0]["x"]), 3), round(float(points[0]["y"]), 3)))
        st.session_state[CENTRES_KEY] = centres[-MAX_K:]
        st.session_state[f"{stepper_key}.step"] = 0
