"""Files from the hostile CSV corpus uploaded to a real page: a clear message or a good load,
never an exception, and a bad file never replaces the data that was in use."""

import pytest

from tests.app.apptools import open_page
from tests.test_csv_corpus import CORPUS

GOOD = ("x,y\n" + "".join(f"{i},{2 * i + 1}\n" for i in range(12))).encode()
SAMPLE = CORPUS[:22] + CORPUS[22::25]  # every hand-made file and every 25th generated one


def parameters_shown(at) -> str:
    return next(m.value for m in at.metric if m.label == "Parameters b")


@pytest.mark.parametrize("name,data", SAMPLE, ids=[name for name, _ in SAMPLE])
def test_upload_keeps_the_page_working(name, data):
    at = open_page("least_squares.py", query={"ls.data": "csv"})
    at.file_uploader(key="ls.csv_file").upload("good.csv", GOOD, "text/csv")
    at.run()
    assert parameters_shown(at) == "12"
    at.file_uploader(key="ls.csv_file").upload(f"{name}.csv", data, "text/csv")
    at.run()
    assert not at.exception
    refused = [e.value for e in at.sidebar.error]
    if refused:  # a clear message, and the good file's 12 points stay in use
        assert all(len(message) > 15 for message in refused)
        assert parameters_shown(at) == "12"
    else:  # loaded: the page fits the new data
        assert int(parameters_shown(at)) >= 5
