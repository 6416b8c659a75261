"""deploy/kubernetes/ offline: schema (kubernetes-validate --strict), yamllint, cross-file agreement."""

from __future__ import annotations

import copy
import re
import shutil
import subprocess
from typing import Any

import pytest
import yaml
from dockerfile_parse import DockerfileParser

from service import create_app

from .conftest import K8S, dockerfile_port, dockerfile_uid, load_gunicorn_conf, load_manifest, tool

MANIFESTS = ["deployment.yaml", "service.yaml", "hpa.yaml", "pdb.yaml"]
BOTS = ["bots-deployment.yaml", "bots-service.yaml", "bots-hpa.yaml", "bots-pdb.yaml"]
MANIFESTS += BOTS
K8S_VERSIONS = ["1.30.0", "1.37.0"]  # oldest supported target and the newest schema shipped
YAMLLINT = "{extends: default, rules: {line-length: {max: 110}}}"


@pytest.fixture(scope="module")
def m() -> dict[str, dict[str, Any]]:
    return {name.removesuffix(".yaml"): load_manifest(name) for name in MANIFESTS}


def pod_spec(m: dict[str, dict[str, Any]]) -> dict[str, Any]:
    spec: dict[str, Any] = m["deployment"]["spec"]["template"]["spec"]
    return spec


def container(m: dict[str, dict[str, Any]], name: str = "trickref") -> dict[str, Any]:
    """The app's container (or the nginx sidecar's): the pod runs exactly these two."""
    containers = {c["name"]: c for c in pod_spec(m)["containers"]}
    assert set(containers) == {"trickref", "nginx"}
    c: dict[str, Any] = containers[name]
    return c


def cpu_cores(quantity: str) -> float:
    return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_kubernetes_validate_strict(version: str) -> None:
    result = subprocess.run(
        [str(tool("kubernetes-validate")), "--strict", "--quiet", "-k", version, *MANIFESTS],
        cwd=K8S,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_strict_validation_catches_a_typo(tmp_path: Any) -> None:
    """Guards the guard: without --strict a misspelt field passes, with it it fails."""
    broken = (K8S / "deployment.yaml").read_text().replace("httpGet:", "httpGett:", 1)
    path = tmp_path / "broken.yaml"
    path.write_text(broken)
    result = subprocess.run(
        [str(tool("kubernetes-validate")), "--strict", "--quiet", str(path)], capture_output=True, timeout=120
    )
    assert result.returncode != 0


def test_yamllint() -> None:
    result = subprocess.run(
        [str(tool("yamllint")), "--strict", "-d", YAMLLINT, str(K8S)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_kustomization_lists_every_manifest(m: dict[str, dict[str, Any]]) -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert kustomization["kind"] == "Kustomization"
    assert sorted(kustomization["resources"]) == sorted(MANIFESTS)
    on_disk = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert on_disk == set(MANIFESTS)
    # the nginx ConfigMap is generated from nginx.conf (the file deploy/compose.yaml mounts too),
    # under the name the pod's volume refers to
    (generator,) = kustomization["configMapGenerator"]
    assert generator["files"] == ["nginx.conf"] and (K8S / "nginx.conf").is_file()
    for deployment in ("deployment", "bots-deployment"):
        volumes = [v for v in m[deployment]["spec"]["template"]["spec"]["volumes"] if "configMap" in v]
        assert [v["configMap"]["name"] for v in volumes] == [generator["name"]]
    images = {i["name"] for i in kustomization.get("images", [])}
    assert container(m)["image"].split(":")[0] in images


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl (with kustomize) not installed")
def test_kustomize_build_validates() -> None:
    built = subprocess.run(
        ["kubectl", "kustomize", str(K8S)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    result = subprocess.run(
        [str(tool("kubernetes-validate")), "--strict", "--quiet", "-"],
        input=built,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    documents = list(yaml.safe_load_all(built))
    assert sorted(d["kind"] for d in documents) == sorted(
        ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"] * 2 + ["ConfigMap"]
    )
    (config_map,) = [d for d in documents if d["kind"] == "ConfigMap"]
    assert config_map["data"]["nginx.conf"] == (K8S / "nginx.conf").read_text()


# --- cross-file agreement ---------------------------------------------------------------------------


def test_selectors_match_template_labels(m: dict[str, dict[str, Any]]) -> None:
    labels = m["deployment"]["spec"]["template"]["metadata"]["labels"]
    selectors = {
        "deployment": m["deployment"]["spec"]["selector"]["matchLabels"],
        "service": m["service"]["spec"]["selector"],
        "pdb": m["pdb"]["spec"]["selector"]["matchLabels"],
    }
    for name, selector in selectors.items():
        assert selector and selector.items() <= labels.items(), name


def test_hpa_targets_the_deployment(m: dict[str, dict[str, Any]]) -> None:
    target = m["hpa"]["spec"]["scaleTargetRef"]
    assert target["kind"] == "Deployment" and target["apiVersion"] == "apps/v1"
    assert target["name"] == m["deployment"]["metadata"]["name"]
    assert m["hpa"]["apiVersion"] == "autoscaling/v2" and m["pdb"]["apiVersion"] == "policy/v1"
    metrics = m["hpa"]["spec"]["metrics"]
    assert any(x["type"] == "Resource" and x["resource"]["name"] == "cpu" for x in metrics)


def test_pdb_leaves_room_to_evict(m: dict[str, dict[str, Any]]) -> None:
    hpa = m["hpa"]["spec"]
    assert m["pdb"]["spec"]["minAvailable"] < hpa["minReplicas"] <= hpa["maxReplicas"]
    assert m["deployment"]["spec"]["replicas"] >= hpa["minReplicas"]


def probe_target(probe: dict[str, Any]) -> tuple[int, str]:
    """(port, path) of an exec probe that fetches http://127.0.0.1:<port><path> with urllib."""
    command = probe["exec"]["command"]
    assert command[:2] == ["python", "-c"] and "urllib.request.urlopen" in command[2]
    match = re.search(r"http://127\.0\.0\.1:(\d+)(/[a-z]*)", command[2])
    assert match, command
    return int(match.group(1)), match.group(2)


def test_probes_reach_real_paths(m: dict[str, dict[str, Any]]) -> None:
    """gunicorn listens on 127.0.0.1, so its probes run inside its container; the pod's readiness
    goes the way clients do, through nginx's named port."""
    c = container(m)
    rules = {rule.rule for rule in create_app().url_map.iter_rules()}
    env = {e["name"]: e["value"] for e in c["env"]}
    gunicorn_port = int(env["TRICKREF_BIND"].rsplit(":", 1)[1])
    paths = {}
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        port, path = probe_target(c[probe])
        assert port == gunicorn_port and path in rules, probe
        paths[probe] = path
    assert paths["readinessProbe"] == "/readyz" and paths["livenessProbe"] == "/healthz"
    nginx = container(m, "nginx")
    names = {p["name"] for p in nginx["ports"]}
    assert nginx["readinessProbe"]["httpGet"]["port"] in names
    assert nginx["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert nginx["livenessProbe"]["tcpSocket"]["port"] in names
    assert m["service"]["spec"]["ports"][0]["targetPort"] in names  # the Service targets nginx


def test_gunicorn_is_unexposed_and_metrics_have_their_own_port(
    m: dict[str, dict[str, Any]], dockerfile: DockerfileParser
) -> None:
    """Issue 17.3: gunicorn is reached by nginx only (loopback, no container port, the Service
    targets nginx); issue 17.5: Prometheus scrapes nginx's metrics port, which no Service routes to."""
    c = container(m)
    assert "ports" not in c
    env = {e["name"]: e["value"] for e in c.get("env", [])}
    assert env["TRICKREF_BIND"] == dockerfile.envs["TRICKREF_BIND"]
    conf = load_gunicorn_conf({"TRICKREF_BIND": env["TRICKREF_BIND"], "PROMETHEUS_MULTIPROC_DIR": "/x"})
    assert conf["bind"] == [f"127.0.0.1:{dockerfile_port(dockerfile)}"]
    ports = {p["name"]: p["containerPort"] for p in container(m, "nginx")["ports"]}
    annotations = m["deployment"]["spec"]["template"]["metadata"]["annotations"]
    assert int(annotations["prometheus.io/port"]) == ports["metrics"] != ports["http"]
    assert annotations["prometheus.io/path"] in {r.rule for r in create_app().url_map.iter_rules()}
    assert [p["targetPort"] for p in m["service"]["spec"]["ports"]] == ["http"]


def test_security_context_matches_the_image(
    m: dict[str, dict[str, Any]], dockerfile: DockerfileParser
) -> None:
    uid = dockerfile_uid(dockerfile)
    pod = pod_spec(m)["securityContext"]
    assert pod["runAsNonRoot"] is True and pod["runAsUser"] == uid
    assert pod["seccompProfile"]["type"] == "RuntimeDefault"
    sc = container(m)["securityContext"]
    assert sc.get("runAsUser", uid) == uid
    for name in ("trickref", "nginx"):
        sc = container(m, name)["securityContext"]
        assert sc["runAsNonRoot"] is True and sc["readOnlyRootFilesystem"] is True
        assert sc["allowPrivilegeEscalation"] is False
        assert sc["capabilities"]["drop"] == ["ALL"]
    assert pod_spec(m)["automountServiceAccountToken"] is False


def test_resources_and_workers(m: dict[str, dict[str, Any]]) -> None:
    for name in ("trickref", "nginx"):
        limits = container(m, name)["resources"]
        assert limits["requests"] == limits["limits"], name  # Guaranteed QoS needs every container's
    resources = container(m)["resources"]
    assert "cpu" in resources["requests"], "the HPA needs a CPU request"
    assert "memory" in resources["requests"] and "memory" in resources["limits"]
    env = {e["name"]: e["value"] for e in container(m)["env"]}
    assert int(env["WEB_CONCURRENCY"]) == cpu_cores(resources["requests"]["cpu"])


def test_writable_paths_are_empty_dirs(m: dict[str, dict[str, Any]], dockerfile: DockerfileParser) -> None:
    c = container(m)
    volumes = {v["name"]: v for v in pod_spec(m)["volumes"]}
    mounts = {mnt["mountPath"]: volumes[mnt["name"]] for mnt in c["volumeMounts"]}
    env = {e["name"]: e["value"] for e in c["env"]}
    metrics_dir = env.get("PROMETHEUS_MULTIPROC_DIR", dockerfile.envs["PROMETHEUS_MULTIPROC_DIR"])
    assert metrics_dir == dockerfile.envs["PROMETHEUS_MULTIPROC_DIR"]
    for path in (metrics_dir, "/tmp"):
        assert "emptyDir" in mounts[path], path


def test_termination_grace_exceeds_gunicorn_drain(m: dict[str, dict[str, Any]]) -> None:
    conf = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})
    pre_stop = container(m).get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
    assert pod_spec(m)["terminationGracePeriodSeconds"] > conf["graceful_timeout"] + pre_stop


# --- the bots' own pool (hands/suggest) -------------------------------------------------------------


def test_bots_pool_is_the_api_pod_with_its_own_port_and_threads(m: dict[str, dict[str, Any]]) -> None:
    """trickref-bots runs the same pod as the api (image, nginx sidecar, security, resources,
    volumes, probes: a test of the api pod holds for it), except its labels, the bots port its
    nginx is reached on (readiness through it, like the requests) and fewer threads per worker."""
    api = m["deployment"]["spec"]["template"]
    bots = copy.deepcopy(m["bots-deployment"]["spec"]["template"])
    assert bots["metadata"]["labels"]["app.kubernetes.io/component"] == "bots"
    bots["metadata"]["labels"]["app.kubernetes.io/component"] = "api"
    spread = bots["spec"]["topologySpreadConstraints"][0]["labelSelector"]["matchLabels"]
    assert spread == bots["metadata"]["labels"] | {"app.kubernetes.io/component": "bots"}
    spread["app.kubernetes.io/component"] = "api"
    containers = {c["name"]: c for c in bots["spec"]["containers"]}
    env = containers["trickref"]["env"]
    (threads,) = [e for e in env if e["name"] == "TRICKREF_THREADS"]
    assert 1 <= int(threads["value"]) < load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})["threads"]
    env.remove(threads)
    nginx = containers["nginx"]
    (port,) = [p for p in nginx["ports"] if p["name"] == "bots"]
    nginx["ports"].remove(port)
    assert nginx["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "bots"}
    assert nginx["livenessProbe"]["tcpSocket"] == {"port": "bots"}
    nginx["readinessProbe"]["httpGet"]["port"] = nginx["livenessProbe"]["tcpSocket"]["port"] = "http"
    assert bots == api
    conf = (K8S / "nginx.conf").read_text()
    assert f"listen {port['containerPort']};" in conf


def test_bots_service_hpa_and_pdb_select_the_bots_pods_only(m: dict[str, dict[str, Any]]) -> None:
    api_labels = m["deployment"]["spec"]["template"]["metadata"]["labels"]
    bots_labels = m["bots-deployment"]["spec"]["template"]["metadata"]["labels"]
    selectors = {
        "bots-deployment": m["bots-deployment"]["spec"]["selector"]["matchLabels"],
        "bots-service": m["bots-service"]["spec"]["selector"],
        "bots-pdb": m["bots-pdb"]["spec"]["selector"]["matchLabels"],
    }
    for name, selector in selectors.items():
        assert selector.items() <= bots_labels.items() and not selector.items() <= api_labels.items(), name
    # and the api's own selectors leave the bots pods out (the api Service never sends them a table)
    for selector in (m["service"]["spec"]["selector"], m["pdb"]["spec"]["selector"]["matchLabels"]):
        assert not selector.items() <= bots_labels.items()
    hpa = m["bots-hpa"]["spec"]
    assert hpa["scaleTargetRef"]["name"] == m["bots-deployment"]["metadata"]["name"]
    assert any(x["type"] == "Resource" and x["resource"]["name"] == "cpu" for x in hpa["metrics"])
    assert m["bots-pdb"]["spec"]["minAvailable"] < hpa["minReplicas"] <= hpa["maxReplicas"]
    assert m["bots-deployment"]["spec"]["replicas"] >= hpa["minReplicas"]
    env = {e["name"]: e["value"] for e in container(m)["env"]}
    bots_env = {
        e["name"]: e["value"]
        for c in m["bots-deployment"]["spec"]["template"]["spec"]["containers"]
        for e in c.get("env", [])
    }
    cpu = m["bots-deployment"]["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"]["cpu"]
    assert int(bots_env["WEB_CONCURRENCY"]) == cpu_cores(cpu)
    assert bots_env["TRICKREF_BIND"] == env["TRICKREF_BIND"]


def test_the_api_nginx_routes_suggest_to_the_bots_service(m: dict[str, dict[str, Any]]) -> None:
    """nginx.conf's bots upstream is the bots Service's name and port, which targets the bots pods'
    nginx port that proxies hands/suggest to their own gunicorn."""
    conf = (K8S / "nginx.conf").read_text()
    upstream = re.search(r"upstream trickref_bots \{\s*server ([\w.-]+):(\d+);", conf)
    assert upstream
    service = m["bots-service"]
    (port,) = service["spec"]["ports"]
    assert (upstream.group(1), int(upstream.group(2))) == (service["metadata"]["name"], port["port"])
    bots_nginx = next(
        c for c in m["bots-deployment"]["spec"]["template"]["spec"]["containers"] if c["name"] == "nginx"
    )
    ports = {p["name"]: p["containerPort"] for p in bots_nginx["ports"]}
    assert port["targetPort"] == "bots" and f"listen {ports['bots']};" in conf
    assert re.search(
        r"location ~ \^/v1/games/\[\^/\]\+/hands/suggest\$ \{\s*[^}]*proxy_pass http://trickref_bots;", conf
    )
