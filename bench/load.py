"""make load: a lecture hall of concurrent sessions moving sliders on different pages.

Each session is a real Streamlit websocket session speaking the browser's protocol (protobuf
BackMsg/ForwardMsg), so the server does exactly the work a student's browser would cause; no
browser rendering is simulated. Sessions are spread over the pages; every few hundred
moments each moves the first slider of its page's main area between two neighbouring
values, pausing 0.5–2 s (--think) to look at the chart. Half of the sessions use Chinese.

Reported: errors (must be 0), p50/p95 latency from sending the input to receiving the redrawn
chart and to the end of the rerun, and the server's CPU and memory. Isolation is checked: for a
given page and slider value every session must receive the same chart, different values must give
different charts, and every session must see its own language.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass
from dataclasses import field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.proto.WidgetStates_pb2 import WidgetStates

from tests.browser.conftest import free_port
from ui.registry import PAGES
from ui.registry import ROOT

CHINESE = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Rerun:
    charts: list[str] = field(default_factory=list)
    title: str = ""
    exceptions: list[str] = field(default_factory=list)
    elements: list = field(default_factory=list)
    chart_seconds: float | None = None
    finished_seconds: float | None = None


@dataclass
class Totals:
    chart_latencies: list[float] = field(default_factory=list)
    finished_latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    charts_by_setting: dict = field(default_factory=lambda: defaultdict(set))
    moves: int = 0


def rerun_message(page: str, query: str, state: WidgetState | None = None) -> bytes:
    states = WidgetStates(widgets=[state] if state is not None else [])
    return BackMsg(rerun_script=ClientState(query_string=query, page_name=page, widget_states=states)
                   ).SerializeToString()


async def receive_rerun(ws, started: float) -> Rerun:
    """Read messages until the script run finishes; keep what the checks need."""
    result = Rerun()
    while True:
        msg = ForwardMsg.FromString(await asyncio.wait_for(ws.recv(), timeout=60))
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            which = element.WhichOneof("type")
            main_area = len(msg.metadata.delta_path) > 0 and msg.metadata.delta_path[0] == 0
            result.elements.append((which, main_area, element))
            if which == "plotly_chart":
                result.charts.append(hashlib.sha1(element.plotly_chart.spec.encode()).hexdigest())
                result.chart_seconds = result.chart_seconds or time.perf_counter() - started
            elif which == "exception":
                result.exceptions.append(element.exception.message)
            elif which == "heading" and not result.title:
                result.title = element.heading.body
        elif kind == "script_finished" and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            result.finished_seconds = time.perf_counter() - started
            return result


def first_main_slider(rerun: Rerun):
    for which, main_area, element in rerun.elements:
        if which == "slider" and main_area and not element.slider.id.endswith(".step"):
            return element.slider
    return None


def neighbour_states(slider) -> list[WidgetState]:
    """Two widget states next to the slider's default (cheap, realistic moves)."""
    states = []
    if slider.options:  # a select slider: the value is the option's label
        index = int(slider.default[0])
        for k in (index + 1, index - 1) if index + 1 < len(slider.options) else (index - 1, index - 2):
            state = WidgetState(id=slider.id)
            state.string_array_value.data.append(slider.options[max(k, 0)])
            states.append(state)
    else:
        value, step = slider.default[0], slider.step or 1
        up = value + step <= slider.max
        for v in (value + step, value - step) if up else (value - step, value - 2 * step):
            state = WidgetState(id=slider.id)
            state.double_array_value.data.append(max(v, slider.min))
            states.append(state)
    return states


async def session(index: int, page: str, url: str, seconds: float, think: tuple[float, float],
                  totals: Totals) -> None:
    lang = "zh" if index % 2 else "en"
    query = f"lang={lang}"
    rng = random.Random(index)
    try:
        async with websockets.connect(f"ws://{url}/_stcore/stream", subprotocols=["streamlit"],
                                      origin=f"http://{url}", max_size=2**27) as ws:
            await ws.send(rerun_message(page, query))
            first = await receive_rerun(ws, time.perf_counter())
            slider = first_main_slider(first)
            if slider is None:
                totals.errors.append(f"{page}: no slider in the main area")
                return
            states = neighbour_states(slider)
            deadline = time.perf_counter() + seconds
            move = 0
            while time.perf_counter() < deadline:
                choice = move % len(states)
                started = time.perf_counter()
                await ws.send(rerun_message(page, query, states[choice]))
                rerun = await receive_rerun(ws, started)
                move += 1
                totals.moves += 1
                totals.errors += [f"{page}: {e}" for e in rerun.exceptions]
                if rerun.chart_seconds is not None:
                    totals.chart_latencies.append(rerun.chart_seconds)
                totals.finished_latencies.append(rerun.finished_seconds)
                totals.charts_by_setting[(page, lang, choice)].add(tuple(rerun.charts))
                if bool(CHINESE.search(rerun.title)) != (lang == "zh"):
                    totals.errors.append(f"{page}: session {index} ({lang}) saw the title {rerun.title!r}")
                await asyncio.sleep(rng.uniform(*think))  # the student looks at the new chart
    except Exception as err:  # a dropped connection or timeout is an error of the run
        totals.errors.append(f"{page}: session {index}: {type(err).__name__}: {err}")


def process_usage(pid: int) -> tuple[float, float]:
    """(CPU seconds used, resident memory in MB) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return cpu, rss / 1024


async def run(sessions: int, seconds: float, think: tuple[float, float], url: str,
              pid: int) -> tuple[Totals, dict]:
    totals = Totals()
    cpu0, _ = process_usage(pid)
    wall0 = time.perf_counter()
    peak = 0.0

    async def sample():
        nonlocal peak
        while True:
            peak = max(peak, process_usage(pid)[1])
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    pages = [page.url_path for page in PAGES]
    await asyncio.gather(*(session(i, pages[i % len(pages)], url, seconds, think, totals)
                           for i in range(sessions)))
    sampler.cancel()
    cpu1, rss = process_usage(pid)
    usage = {"cpu_percent": 100 * (cpu1 - cpu0) / (time.perf_counter() - wall0), "rss_mb": rss,
             "peak_rss_mb": max(peak, rss)}
    return totals, usage


def isolation_problems(totals: Totals) -> list[str]:
    problems = []
    for (page, lang, choice), charts in totals.charts_by_setting.items():
        if len(charts) != 1:
            problems.append(f"{page} {lang} value {choice}: {len(charts)} different charts for one setting")
    for (page, lang, choice), charts in totals.charts_by_setting.items():
        other = totals.charts_by_setting.get((page, lang, 1 - choice))
        if other and charts == other:
            problems.append(f"{page} {lang}: both slider values gave the same chart")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0),
                        help="seconds a student looks at a chart before the next move (uniform range)")
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                               "--server.address", "127.0.0.1", "--server.headless", "true"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://{url}/_stcore/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        totals, usage = asyncio.run(run(args.sessions, args.seconds, tuple(args.think), url, server.pid))
    finally:
        server.terminate()
        server.wait(timeout=10)
    problems = isolation_problems(totals)

    def ms(values, q):
        return statistics.quantiles(values, n=100)[q - 1] * 1e3 if len(values) > 1 else float("nan")

    print(f"# make load: {args.sessions} sessions over {len(PAGES)} pages for {args.seconds:.0f} s, "
          f"{args.think[0]:g}–{args.think[1]:g} s between moves")
    print(f"moves: {totals.moves}   errors: {len(totals.errors)}   isolation problems: {len(problems)}")
    print(f"input → redrawn chart: p50 {ms(totals.chart_latencies, 50):.0f} ms, "
          f"p95 {ms(totals.chart_latencies, 95):.0f} ms")
    print(f"input → rerun finished: p50 {ms(totals.finished_latencies, 50):.0f} ms, "
          f"p95 {ms(totals.finished_latencies, 95):.0f} ms")
    print(f"server: CPU {usage['cpu_percent']:.0f} % (of one core), memory {usage['rss_mb']:.0f} MB "
          f"(peak {usage['peak_rss_mb']:.0f} MB)")
    for line in (totals.errors + problems)[:20]:
        print("  !", line)
    sys.exit(1 if totals.errors or problems else 0)


if __name__ == "__main__":
    main()
