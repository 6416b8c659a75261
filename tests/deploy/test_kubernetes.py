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

MANIFESTS = ["deployment.yaml", "service.yaml", "hpa.yaml", "pdb.yaml", "networkpolicy.yaml"]
BOTS = [
    "bots-deployment.yaml",
    "bots-service.yaml",
    "bots-hpa.yaml",
    "bots-pdb.yaml",
    "bots-networkpolicy.yaml",
]
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
    # each pool's nginx ConfigMap is generated from its file (the one deploy/compose.yaml mounts
    # too), under the name the pod's volume refers to, and mounted as nginx's configuration
    generators = {g["name"]: g["files"] for g in kustomization["configMapGenerator"]}
    confs = {"deployment": "nginx.conf", "bots-deployment": "bots-nginx.conf"}
    assert sorted(generators.values()) == sorted([c] for c in confs.values())
    for deployment, conf in confs.items():
        assert (K8S / conf).is_file()
        spec = m[deployment]["spec"]["template"]["spec"]
        volumes = [v for v in spec["volumes"] if "configMap" in v]
        assert [generators[v["configMap"]["name"]] for v in volumes] == [[conf]]
        nginx = next(c for c in spec["containers"] if c["name"] == "nginx")
        mounts = {v["mountPath"]: v for v in nginx["volumeMounts"]}
        assert mounts["/etc/nginx/nginx.conf"]["subPath"] == conf
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
    kinds = ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy"]
    assert sorted(d["kind"] for d in documents) == sorted([*kinds, "ConfigMap"] * 2)
    for config_map in [d for d in documents if d["kind"] == "ConfigMap"]:
        ((name, text),) = config_map["data"].items()
        assert text == (K8S / name).read_text()


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
    """gunicorn listens on 127.0.0.1, so its probes run inside its container, and they ask its
    master's own listener (TRICKREF_PROBE_BIND, loopback too), never the workers' busy threads;
    the pod's readiness goes the way clients do, through nginx's named port."""
    c = container(m)
    env = {e["name"]: e["value"] for e in c["env"]}
    assert (
        env["TRICKREF_PROBE_BIND"].startswith("127.0.0.1:")
        and env["TRICKREF_PROBE_BIND"] != env["TRICKREF_BIND"]
    )
    probe_port = int(env["TRICKREF_PROBE_BIND"].rsplit(":", 1)[1])
    paths = {}
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        port, path = probe_target(c[probe])
        assert port == probe_port and path in ("/healthz", "/readyz"), probe
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
    volumes, probes: a test of the api pod holds for it), except its labels, its nginx's own
    configuration with the bots port it is reached on instead of the public one (readiness through
    it, like the requests), fewer threads per worker, and the bots the api pods leave to it."""
    api = copy.deepcopy(m["deployment"]["spec"]["template"])
    bots = copy.deepcopy(m["bots-deployment"]["spec"]["template"])
    api_env = next(c for c in api["spec"]["containers"] if c["name"] == "trickref")["env"]
    assert {"name": "TRICKREF_BOTS", "value": "0"} in api_env
    api_env.remove({"name": "TRICKREF_BOTS", "value": "0"})
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
    assert [p["name"] for p in nginx["ports"]] == ["bots", "metrics"]  # no public port
    api_nginx = next(c for c in api["spec"]["containers"] if c["name"] == "nginx")
    nginx["ports"][0] = next(p for p in api_nginx["ports"] if p["name"] == "http")
    assert nginx["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "bots"}
    assert nginx["livenessProbe"]["tcpSocket"] == {"port": "bots"}
    nginx["readinessProbe"]["httpGet"]["port"] = nginx["livenessProbe"]["tcpSocket"]["port"] = "http"
    (mount,) = [v for v in nginx["volumeMounts"] if v["mountPath"] == "/etc/nginx/nginx.conf"]
    assert mount["subPath"] == "bots-nginx.conf"
    mount["subPath"] = "nginx.conf"
    (volume,) = [v for v in bots["spec"]["volumes"] if "configMap" in v]
    assert volume["configMap"]["name"] == "trickref-bots-nginx"
    volume["configMap"]["name"] = "trickref-nginx"
    assert bots == api
    conf = (K8S / "bots-nginx.conf").read_text()
    assert f"listen {port['containerPort']};" in conf and "listen 8080;" not in conf


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
    bots_conf = (K8S / "bots-nginx.conf").read_text()
    assert port["targetPort"] == "bots" and f"listen {ports['bots']};" in bots_conf
    assert f"listen {ports['bots']};" not in conf  # no api pod listens on the bots port
    assert re.search(
        r"location ~ \^/v1/games/\[\^/\]\+/hands/suggest\$ \{\s*[^}]*proxy_pass http://trickref_bots;", conf
    )


def test_network_policies_admit_only_what_each_pool_serves(m: dict[str, dict[str, Any]]) -> None:
    """Issue 32.2 and 32.3: the api pods' public port is open, their metrics port only to the
    monitoring namespace; the bots pods' bots port only to the api pods, their metrics port only to
    the monitoring namespace. Every port named is one the pod's nginx declares."""
    for policy, deployment, open_ports in (
        ("networkpolicy", "deployment", {"http": None}),
        (
            "bots-networkpolicy",
            "bots-deployment",
            {"bots": m["deployment"]["spec"]["template"]["metadata"]["labels"]},
        ),
    ):
        spec = m[policy]["spec"]
        pod = m[deployment]["spec"]["template"]
        assert spec["podSelector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
        assert spec["policyTypes"] == ["Ingress"]
        nginx = next(c for c in pod["spec"]["containers"] if c["name"] == "nginx")
        declared = {p["name"] for p in nginx["ports"]}
        admitted: dict[str, Any] = {}
        for rule in spec["ingress"]:
            for port in rule["ports"]:
                assert port["port"] in declared
                admitted[port["port"]] = rule.get("from")
        assert set(admitted) == declared
        monitoring = [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]
        assert admitted["metrics"] == monitoring
        for name, labels in open_ports.items():
            if labels is None:
                assert admitted[name] is None  # from anywhere: the Service, an ingress
            else:
                assert admitted[name] == [{"podSelector": {"matchLabels": labels}}]
