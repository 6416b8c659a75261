"""The Dockerfile without a Docker engine: hadolint, then its structure checked with dockerfile-parse."""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import subprocess

import yaml
from dockerfile_parse import DockerfileParser

from service import create_app

from .conftest import (
    DEPLOY,
    DOCKERFILE,
    K8S,
    ROOT,
    dockerfile_port,
    dockerfile_uid,
    instructions,
    load_gunicorn_conf,
    tool,
)

COMPOSE = DEPLOY / "compose.yaml"
NGINX_CONF = K8S / "nginx.conf"
BASE = re.compile(r"python:3\.11-slim(-bookworm)?(@sha256:[0-9a-f]{64})?$")
BLOCKING_LEVELS = {"error", "warning"}  # hadolint levels above "info"


def test_hadolint_clean() -> None:
    result = subprocess.run(
        [str(tool("hadolint")), "--format", "json", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    findings = json.loads(result.stdout or "[]")
    blocking = [f for f in findings if f["level"] in BLOCKING_LEVELS]
    assert not blocking, json.dumps(blocking, indent=2)


def test_multi_stage_on_python_311_slim_bookworm(dockerfile: DockerfileParser) -> None:
    froms = [i["value"].split() for i in instructions(dockerfile, "FROM")]
    assert len(froms) >= 2
    for words in froms:
        assert BASE.match(words[0]), words  # every stage on the same pinned base
        assert "bookworm" in words[0]
    # the runtime stage copies the virtualenv built in the first stage
    build_stage = froms[0][2] if len(froms[0]) == 3 and froms[0][1].upper() == "AS" else "0"
    copies = [i["value"] for i in instructions(dockerfile, "COPY")]
    assert any(f"--from={build_stage}" in c and "/opt/venv" in c for c in copies)
    runs = " ".join(i["value"] for i in instructions(dockerfile, "RUN"))
    assert "venv /opt/venv" in runs and "pip install --no-cache-dir ." in runs


def test_runs_as_numeric_non_root_user(dockerfile: DockerfileParser) -> None:
    users = instructions(dockerfile, "USER")
    assert users, "no USER: the container would run as root"
    last_from = max(i["startline"] for i in instructions(dockerfile, "FROM"))
    assert users[-1]["startline"] > last_from, "USER must be set in the final stage"
    user, _, group = users[-1]["value"].strip().partition(":")
    assert user.isdigit() and int(user) != 0 and (not group or (group.isdigit() and int(group) != 0))
    assert dockerfile_uid(dockerfile) == 10001


def test_healthcheck_uses_python_urllib_on_healthz(dockerfile: DockerfileParser) -> None:
    checks = instructions(dockerfile, "HEALTHCHECK")
    assert len(checks) == 1
    value = checks[0]["value"]
    assert "CMD" in value and "urllib.request" in value and "curl" not in value
    match = re.search(r"http://127\.0\.0\.1:(\d+)(/\w+)", value)
    assert match, value
    assert int(match.group(1)) == dockerfile_port(dockerfile)
    assert match.group(2) in {rule.rule for rule in create_app().url_map.iter_rules()}


def test_exec_form_entrypoint_runs_gunicorn_with_the_config(dockerfile: DockerfileParser) -> None:
    entrypoint = instructions(dockerfile, "ENTRYPOINT")[-1]["value"]
    cmd = instructions(dockerfile, "CMD")[-1]["value"]
    argv = json.loads(entrypoint) + json.loads(cmd)  # both exec form (JSON arrays): SIGTERM reaches gunicorn
    assert argv[0] == "gunicorn"
    config = argv[argv.index("--config") + 1]
    copied = {
        shlex.split(i["value"])[-1]: shlex.split(i["value"])[-2] for i in instructions(dockerfile, "COPY")
    }
    assert copied.get(config) == "deploy/gunicorn.conf.py"
    assert argv[-1] == "service:create_app()"


def test_gunicorn_listens_on_loopback_only(dockerfile: DockerfileParser) -> None:
    """Issue 17.3: 16 slow-header or trickled-body connections, or 64 idle ones, left gunicorn
    answering no probe. The image never exposes it: loopback, nothing EXPOSEd; nginx runs beside it
    in its network namespace (the pod's sidecar, deploy/compose.yaml)."""
    assert not instructions(dockerfile, "EXPOSE")
    port = dockerfile_port(dockerfile)
    conf = load_gunicorn_conf(
        {"TRICKREF_BIND": dockerfile.envs["TRICKREF_BIND"], "PROMETHEUS_MULTIPROC_DIR": "/x"}
    )
    assert conf["bind"] == [f"127.0.0.1:{port}"]


def test_compose_puts_nginx_in_front(dockerfile: DockerfileParser) -> None:
    """The image on its own machine: nginx (the sidecar's configuration) in gunicorn's network
    namespace, and only nginx's public port published."""
    compose = yaml.safe_load(COMPOSE.read_text())
    app, nginx = compose["services"]["trickref"], compose["services"]["nginx"]
    assert app["build"]["context"] == ".." and app["image"].startswith("trickref:")
    assert app["environment"]["TRICKREF_BIND"] == dockerfile.envs["TRICKREF_BIND"]
    assert nginx["network_mode"] == "service:trickref" and "ports" not in nginx
    mounts = {v.split(":")[1]: v.split(":")[0] for v in nginx["volumes"]}
    assert (COMPOSE.parent / mounts["/etc/nginx/nginx.conf"]).resolve() == NGINX_CONF.resolve()
    assert mounts["/tmp"] in compose["volumes"]  # bodies beyond the buffer wait on disk, not in memory
    conf = NGINX_CONF.read_text()
    public, metrics = (int(p) for p in re.findall(r"^\s*listen (\d+);", conf, re.M))
    published = [str(p).rsplit(":", 2) for p in app["ports"]]
    assert [int(p[-1]) for p in published] == [public]  # not gunicorn's, not the metrics port
    assert dockerfile_port(dockerfile) not in {public, metrics}
    assert app["environment"]["TRICKREF_BOTS"] == "0"  # hands/suggest is trickref-bots'
    assert int(app["environment"]["WEB_CONCURRENCY"]) == app["cpus"]
    assert nginx["stop_signal"] == "SIGQUIT"
    grace = int(app["stop_grace_period"].removesuffix("s"))
    assert grace > load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})["graceful_timeout"]


def test_compose_gives_the_bots_a_pool_of_their_own(dockerfile: DockerfileParser) -> None:
    """hands/suggest goes to trickref-bots: the same image, its own CPUs, its own nginx
    (bots-nginx.conf) in its network namespace, whose bots port is the front nginx's bots upstream;
    nothing of it is published."""
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    app, bots, front, bots_nginx = (services[n] for n in ("trickref", "trickref-bots", "nginx", "bots-nginx"))
    assert bots["image"] == app["image"] and bots["build"] == app["build"]
    assert bots["environment"]["TRICKREF_BIND"] == dockerfile.envs["TRICKREF_BIND"]
    assert int(bots["environment"]["WEB_CONCURRENCY"]) == bots["cpus"]
    assert "ports" not in bots and "ports" not in bots_nginx
    assert bots_nginx["network_mode"] == "service:trickref-bots"
    mounts = {v.split(":")[1]: v.split(":")[0] for v in bots_nginx["volumes"]}
    bots_conf = NGINX_CONF.with_name("bots-nginx.conf")
    assert (COMPOSE.parent / mounts["/etc/nginx/nginx.conf"]).resolve() == bots_conf.resolve()
    assert mounts["/tmp"] in compose["volumes"] and mounts["/tmp"] != "nginx-tmp"
    conf = NGINX_CONF.read_text()
    upstream = re.search(r"upstream trickref_bots \{\s*server ([\w.-]+):(\d+);", conf)
    assert upstream and upstream.group(1) == "trickref-bots"
    assert f"listen {upstream.group(2)};" in bots_conf.read_text()  # the pool's own nginx's bots port
    # its nginx's /readyz asks gunicorn's master (the address bots-nginx.conf's probes upstream names)
    probes = re.search(r"upstream trickref_probes \{\s*server ([\d.:]+);", bots_conf.read_text())
    assert probes and bots["environment"]["TRICKREF_PROBE_BIND"] == probes.group(1)
    assert "trickref-bots" in front["depends_on"]  # nginx resolves its upstreams at start
    grace = int(bots["stop_grace_period"].removesuffix("s"))
    assert grace > load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})["graceful_timeout"]


def test_metrics_dir_is_set_and_writable_by_the_user(dockerfile: DockerfileParser) -> None:
    path = dockerfile.envs["PROMETHEUS_MULTIPROC_DIR"]
    runs = " ".join(i["value"] for i in instructions(dockerfile, "RUN"))
    assert f"mkdir -p {path}" in runs and "chown" in runs and str(dockerfile_uid(dockerfile)) in runs
    assert dockerfile.envs["WEB_CONCURRENCY"].isdigit()


def _ignored(path: str, patterns: list[str]) -> bool:
    """Docker's .dockerignore rule, simplified: the last matching pattern wins, `!` re-includes."""
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").rstrip("/")
        parts = path.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        if any(fnmatch.fnmatch(p, pattern) for p in prefixes):
            ignored = not negate
    return ignored


def test_dockerignore_keeps_what_the_build_copies(dockerfile: DockerfileParser) -> None:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    sources = []
    for copy in instructions(dockerfile, "COPY"):
        words = shlex.split(copy["value"])
        if any(w.startswith("--from") for w in words):
            continue
        sources += [w for w in words[:-1] if not w.startswith("--")]
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not _ignored(source, patterns), f"{source} is excluded by .dockerignore"
    for private in (".git", ".venv", "tests", "bench"):
        assert _ignored(private, patterns), f"{private} would be sent to the build context"
