"""make load: a lecture hall of concurrent sessions moving sliders on different pages.

Each session is a real Streamlit websocket session speaking the browser's protocol (protobuf
BackMsg/ForwardMsg), so the server does exactly the work a student's browser would cause; no
browser rendering is simulated. After its first run each session fetches plotly.js, as a browser's
first chart does (serve.py gzips it once per process; Streamlit alone would gzip it on every fetch).
Sessions are spread over the pages; every few hundred moments each moves the first slider of its
page's main area between two neighbouring values, pausing 0.5–2 s (--think) to look at the chart.
Half of the sessions use Chinese.

Reported: errors (must be 0), p50/p95 latency from sending the input to receiving the redrawn
chart and to the end of the rerun, and the server's CPU and memory (after the first minute and at
the end, for soaks). Isolation is checked: for a given page and slider value every session must
receive the same chart, different values must give different charts, and every session must see
its own language.

--replicas N serves N app processes on loopback behind Debian's nginx, configured by
deploy/nginx.conf (only its replica addresses and port replaced), run as a child process with its
own prefix in a temporary folder. Each session first loads the page to get its affinity cookie, as
a browser does; nginx's access log then shows which replica served each request of each session:
every session must stay on one replica, and every replica must serve some.
--ramp N1 N2 ... runs steps of N sessions and reports the most sessions with p95 under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections import defaultdict
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.proto.WidgetStates_pb2 import WidgetStates

from bench.core import start_app
from bench.core import wait_healthy
from tests.browser.conftest import free_port
from ui.components import CHART
from ui.components import LIBRARY_ROUTES
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
            if which == "bidi_component" and element.bidi_component.component_name == CHART:
                result.charts.append(hashlib.sha1(element.bidi_component.bytes).hexdigest())
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


def load_plotly(url: str, headers: dict[str, str]) -> None:
    """Fetch plotly.js as a browser does for its first chart (gzipped; it has no copy yet)."""
    request = urllib.request.Request(f"http://{url}{LIBRARY_ROUTES[0]}plotly.min.js",
                                     headers={**headers, "Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()


def affinity_cookie(url: str) -> dict[str, str]:
    """Load the page as a browser would; behind the proxy its answer sets the affinity cookie."""
    with urllib.request.urlopen(f"http://{url}/", timeout=30) as response:
        cookies = [c.split(";")[0] for c in response.headers.get_all("Set-Cookie") or []]
    return {"Cookie": "; ".join(cookies)} if cookies else {}


async def session(index: int, page: str, url: str, seconds: float, think: tuple[float, float],
                  totals: Totals) -> None:
    lang = "zh" if index % 2 else "en"
    query = f"lang={lang}"
    rng = random.Random(index)
    try:
        headers = await asyncio.to_thread(affinity_cookie, url)
        async with websockets.connect(f"ws://{url}/_stcore/stream", subprotocols=["streamlit"],
                                      origin=f"http://{url}", additional_headers=headers,
                                      max_size=2**27) as ws:
            await ws.send(rerun_message(page, query))
            first = await receive_rerun(ws, time.perf_counter())
            await asyncio.to_thread(load_plotly, url, headers)
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


def servers_usage(pids: list[int]) -> tuple[float, float]:
    """CPU seconds and resident memory (MB) of the app processes together."""
    usages = [process_usage(pid) for pid in pids]
    return sum(u[0] for u in usages), sum(u[1] for u in usages)


async def run(sessions: int, seconds: float, think: tuple[float, float], url: str,
              pids: list[int]) -> tuple[Totals, dict]:
    totals = Totals()
    cpu0, _ = servers_usage(pids)
    client0 = time.process_time()
    wall0 = time.perf_counter()
    peak, after_minute = 0.0, None

    async def sample():
        nonlocal peak, after_minute
        while True:
            rss = servers_usage(pids)[1]
            peak = max(peak, rss)
            if after_minute is None and time.perf_counter() - wall0 >= 60:
                after_minute = rss
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    pages = [page.url_path for page in PAGES]
    await asyncio.gather(*(session(i, pages[i % len(pages)], url, seconds, think, totals)
                           for i in range(sessions)))
    sampler.cancel()
    cpu1, rss = servers_usage(pids)
    wall = time.perf_counter() - wall0
    usage = {"cpu_percent": 100 * (cpu1 - cpu0) / wall, "rss_mb": rss, "peak_rss_mb": max(peak, rss),
             "rss_after_minute_mb": after_minute,
             "client_cpu_percent": 100 * (time.process_time() - client0) / wall}
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


# ---- serving: one app process, or several behind nginx -------------------------------------------

NGINX_SITE = ROOT / "deploy" / "nginx.conf"
LOG_FORMAT = "$mlx_affinity|$upstream_addr|$status|$request_uri"


def nginx_config(prefix: Path, port: int, app_ports: list[int]) -> Path:
    """deploy/nginx.conf with loopback replicas and port, in a main configuration under ``prefix``."""
    site = NGINX_SITE.read_text(encoding="utf-8")
    replicas = "".join(f"    server 127.0.0.1:{p};\n" for p in app_ports)
    site, found_servers = re.subn(r"^ *server app:8501;\n", replicas, site, flags=re.M)
    site, found_listen = re.subn(r"^( *)listen 80;", rf"\g<1>listen 127.0.0.1:{port};", site, flags=re.M)
    if (found_servers, found_listen) != (1, 1):
        raise RuntimeError(f"{NGINX_SITE} should hold one 'server app:8501;' and one 'listen 80;'")
    (prefix / "site.conf").write_text(site, encoding="utf-8")
    temp = "\n".join(f"    {kind}_temp_path {prefix}/{kind};" for kind in
                     ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = f"""worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    log_format affinity '{LOG_FORMAT}';
    access_log {prefix}/access.log affinity;
{temp}
    include {prefix}/site.conf;
}}
"""
    (prefix / "nginx.conf").write_text(main, encoding="utf-8")
    return prefix / "nginx.conf"


@contextlib.contextmanager
def serving(replicas: int, prefix: Path):
    """Yield (url, app pids, nginx access log or None) for one app process, or several behind nginx
    (its files under ``prefix``; the log is complete once this context has ended)."""
    apps, proxy = [], None
    try:
        ports = [free_port() for _ in range(replicas)]
        apps = [start_app(port) for port in ports]
        for port in ports:
            wait_healthy(f"127.0.0.1:{port}")
        if replicas == 1:
            yield f"127.0.0.1:{ports[0]}", [a.pid for a in apps], None
            return
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(nginx):
            raise RuntimeError("nginx not found: apt-get install nginx-light")
        port = free_port()
        config = nginx_config(prefix, port, ports)
        command = [nginx, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(config),
                   "-g", "daemon off;"]
        proxy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_healthy(f"127.0.0.1:{port}", 15)
        yield f"127.0.0.1:{port}", [a.pid for a in apps], prefix / "access.log"
    finally:
        if proxy is not None:
            proxy.send_signal(signal.SIGQUIT)  # graceful: the access log is complete
            proxy.wait(timeout=15)
        for app in apps:
            app.terminate()
        for app in apps:
            app.wait(timeout=10)


def affinity(log: Path, sessions: int, replicas: int) -> tuple[list[str], Counter]:
    """Problems with session affinity in nginx's access log, and sessions per replica."""
    served, streams = defaultdict(set), set()
    for line in log.read_text(encoding="utf-8").splitlines():
        key, upstream, status, uri = line.split("|", 3)
        served[key] |= {a for a in upstream.split(", ") if a != "-"}
        if uri.startswith("/_stcore/stream") and status == "101":
            streams.add(key)
    problems = [f"session {key[:8]} was served by {sorted(addrs)}" for key, addrs in served.items()
                if len(addrs) > 1]
    if len(streams) != sessions:
        problems.append(f"{len(streams)} websocket sessions in nginx's log, {sessions} expected")
    per_replica = Counter(addr for key in streams for addr in served[key])
    if len(per_replica) < min(replicas, sessions):
        problems.append(f"only {len(per_replica)} of {replicas} replicas served sessions")
    return problems, per_replica


# ---- report --------------------------------------------------------------------------------------


def ms(values, q):
    return statistics.quantiles(values, n=100)[q - 1] * 1e3 if len(values) > 1 else float("nan")


def machine_load() -> str:
    return "load average {:.2f} {:.2f} {:.2f} on {} cores".format(*os.getloadavg(), os.cpu_count())


def report(args, sessions: int, totals: Totals, usage: dict, problems: list[str]) -> list[str]:
    """Print one run's figures; return what fails it."""
    print(f"# {sessions} sessions over {len(PAGES)} pages for {args.seconds:.0f} s, "
          f"{args.think[0]:g}–{args.think[1]:g} s between moves, {args.replicas} app process(es)")
    print(f"moves: {totals.moves}   errors: {len(totals.errors)}   isolation problems: {len(problems)}")
    print(f"input → redrawn chart: p50 {ms(totals.chart_latencies, 50):.0f} ms, "
          f"p95 {ms(totals.chart_latencies, 95):.0f} ms")
    p95 = ms(totals.finished_latencies, 95)
    print(f"input → rerun finished: p50 {ms(totals.finished_latencies, 50):.0f} ms, p95 {p95:.0f} ms")
    print(f"server: CPU {usage['cpu_percent']:.0f} % (of one core), memory {usage['rss_mb']:.0f} MB "
          f"(peak {usage['peak_rss_mb']:.0f} MB); load client: CPU {usage['client_cpu_percent']:.0f} %")
    failures = totals.errors + problems
    if usage["rss_after_minute_mb"]:
        growth = 100 * (usage["rss_mb"] / usage["rss_after_minute_mb"] - 1)
        print(f"server memory after minute 1: {usage['rss_after_minute_mb']:.0f} MB, at the end: "
              f"{usage['rss_mb']:.0f} MB ({growth:+.1f} %)")
        if args.max_growth is not None and growth > args.max_growth:
            failures.append(f"memory grew {growth:.1f} % after minute 1 (limit {args.max_growth:g} %)")
    if args.max_p95 is not None and not p95 <= args.max_p95 * 1e3:
        failures.append(f"p95 rerun {p95:.0f} ms (limit {args.max_p95 * 1e3:.0f} ms)")
    for line in failures[:20]:
        print("  !", line)
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40.0, help="length of the run (of each ramp step)")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0),
                        help="seconds a student looks at a chart before the next move (uniform range)")
    parser.add_argument("--replicas", type=int, default=1, help="app processes; more than 1: behind nginx")
    parser.add_argument("--ramp", type=int, nargs="+", help="session counts to step through (one server)")
    parser.add_argument("--max-p95", type=float, help="fail if the p95 rerun exceeds this many seconds")
    parser.add_argument("--max-growth", type=float, help="fail if memory grows more (%%) after minute 1")
    args = parser.parse_args()
    steps = args.ramp or [args.sessions]
    print(f"machine: {machine_load()} (before)")
    failures, rows = [], []
    with tempfile.TemporaryDirectory(prefix="mlx-load-") as folder:
        with serving(args.replicas, Path(folder)) as (url, pids, log):
            for sessions in steps:
                totals, usage = asyncio.run(run(sessions, args.seconds, tuple(args.think), url, pids))
                failures += report(args, sessions, totals, usage, isolation_problems(totals))
                p95 = ms(totals.finished_latencies, 95)
                rows.append((sessions, p95, usage["cpu_percent"], len(totals.errors)))
                print(f"machine: {machine_load()}")
        if log is not None:
            problems, per_replica = affinity(log, sum(steps), args.replicas)
            print(f"affinity: {sum(per_replica.values())} sessions, per replica {dict(per_replica)}, "
                  f"{len(problems)} problems (each session on one replica)")
            for line in problems[:20]:
                print("  !", line)
            failures += problems
    if args.ramp:
        print("sessions  p95 rerun  server CPU  errors")
        for sessions, p95, cpu, errors in rows:
            print(f"{sessions:8d}  {p95:7.0f} ms  {cpu:8.0f} %  {errors:6d}")
        good = [(n, cpu) for n, p95, cpu, errors in rows if p95 < 1000 and not errors]
        if good:  # an app process runs Python on one core at a time
            n, cpu = max(good)
            print(f"most sessions with p95 < 1 s: {n} on {args.replicas} app process(es) (CPU {cpu:.0f} % "
                  f"of one core): {n / args.replicas:.0f} sessions per core")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
