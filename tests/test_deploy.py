"""deploy/: the nginx configuration make load-proxy runs, and the Dockerfile's essentials."""

import json
import shutil
import subprocess
import tomllib

import pytest

from bench.load import nginx_config
from ui.registry import ROOT


def test_the_load_tool_serves_deploy_nginx_conf_with_loopback_replicas(tmp_path):
    config = nginx_config(tmp_path, 8080, [9001, 9002])
    site = (tmp_path / "site.conf").read_text(encoding="utf-8")
    assert "server 127.0.0.1:9001;\n    server 127.0.0.1:9002;" in site
    assert "listen 127.0.0.1:8080;" in site and "app:8501" not in site
    assert "hash $mlx_affinity consistent;" in site
    assert "proxy_set_header Upgrade $http_upgrade;" in site
    assert f"include {tmp_path}/site.conf;" in config.read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx not installed (make load-proxy needs it)")
def test_nginx_accepts_the_configuration(tmp_path):
    config = nginx_config(tmp_path, 8080, [9001, 9002])
    command = ["nginx", "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(config)]
    out = subprocess.run(command, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_image_runs_the_app_headless_on_all_interfaces_as_a_user():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    instructions = [line.split(maxsplit=1) for line in text.splitlines() if line and not line.startswith("#")]
    users = [rest for word, rest in instructions if word == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert ["RUN", "pip install -r requirements.txt"] in instructions
    command = json.loads(next(rest for word, rest in instructions if word == "CMD"))
    assert command[:5] == ["python", "-m", "streamlit", "run", "serve.py"]
    assert {"--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"} <= set(command)


def test_every_run_of_the_app_watches_no_source_files():
    """make run, the image, the browser tests and the benches all read .streamlit/config.toml."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["fileWatcherType"] == "none"
    assert config["server"]["runOnSave"] is False
