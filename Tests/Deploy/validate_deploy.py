#!/usr/bin/env python3
"""Checks deploy/: compose.yaml against the Compose Specification's JSON Schema
(Tests/Deploy/compose-spec.json, from github.com/compose-spec/compose-spec, Apache-2.0: LICENSE
beside it), every deploy/kubernetes/*.yaml against the Kubernetes API's own schemas
(kubernetes-validate, strict: unknown fields are errors), what `kubectl kustomize` builds from them
(each object again, all in one namespace, the Ingress's TLS, body size and stream timeouts), and what
ties them to Reel: the environment variables are ones Reel reads, the probes and the drain,
selectors, the metric.

    validate_deploy.py REPO_ROOT      # prints what it checked; exits 1 with the problems
"""
import glob
import json
import os
import re
import subprocess
import sys

import jsonschema
import kubernetes_validate
import yaml

KUBERNETES = "1.30.0"


def main():
    root = sys.argv[1]
    problems = []
    known = set()
    for path in glob.glob(os.path.join(root, "Sources/**/*.swift"), recursive=True):
        known |= set(re.findall(r'"(REEL_[A-Z_]+)"', open(path).read()))
    known |= {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_ENDPOINT_URL_S3"}

    def env_names_ok(names, where):
        for n in names:
            if (n.startswith("REEL_") or n.startswith("AWS_")) and n not in known:
                problems.append(f"{where}: {n} is not a variable Reel reads")

    # Compose.
    compose = yaml.safe_load(open(os.path.join(root, "deploy/compose.yaml")))
    schema = json.load(open(os.path.join(root, "Tests/Deploy/compose-spec.json")))
    for e in jsonschema.Draft7Validator(schema).iter_errors(compose):
        problems.append(f"compose.yaml {'/'.join(map(str, e.absolute_path))}: {e.message}")
    services = compose.get("services", {})
    nodes = [n for n in services if n.startswith("reel-")]
    if len(nodes) != 2:
        problems.append(f"compose.yaml: two Reel nodes expected, found {nodes}")
    for n in nodes:
        env = services[n].get("environment", {})
        env_names_ok(env, f"compose.yaml {n}")
        if not str(env.get("REEL_DATABASE_URL", "")).startswith("postgres://"):
            problems.append(f"compose.yaml {n}: REEL_DATABASE_URL is not PostgreSQL")
        if not str(env.get("REEL_STORAGE_URL", "")).startswith("s3://"):
            problems.append(f"compose.yaml {n}: REEL_STORAGE_URL is not a bucket")
    for needed in ("postgres", "s3", "nginx"):
        if needed not in services:
            problems.append(f"compose.yaml: no {needed} service")
    if not any(str(p).endswith(":443") for p in services.get("nginx", {}).get("ports", [])):
        problems.append("compose.yaml: nginx does not publish 443")
    conf = open(os.path.join(root, "deploy/nginx/reel.conf")).read()
    for n in nodes:
        if f"server {n}:8080" not in conf:
            problems.append(f"nginx/reel.conf: {n} is not an upstream")
    if "ssl_certificate" not in conf or "proxy_request_buffering off" not in conf:
        problems.append("nginx/reel.conf: TLS or unbuffered uploads missing")

    # Kubernetes.
    docs = []
    for path in sorted(glob.glob(os.path.join(root, "deploy/kubernetes/*.yaml"))):
        if os.path.basename(path) == "kustomization.yaml":
            continue  # kustomize's own file, not an object: what it builds is checked below
        for doc in yaml.safe_load_all(open(path)):
            if doc:
                docs.append((os.path.basename(path), doc))
                try:
                    kubernetes_validate.validate(doc, KUBERNETES, strict=True)
                except kubernetes_validate.ValidationError as e:
                    problems.append(f"{os.path.basename(path)} ({doc.get('kind')}): {e.message} at {'/'.join(map(str, e.path))}")
    kinds = {d["kind"]: d for _, d in docs}
    problems += kustomized(root, kinds)
    for k in ("Deployment", "Service", "ConfigMap", "Secret", "PodDisruptionBudget", "HorizontalPodAutoscaler", "Namespace", "Ingress"):
        if k not in kinds:
            problems.append(f"kubernetes: no {k}")
    dep = kinds.get("Deployment", {})
    pod = dep.get("spec", {}).get("template", {}).get("spec", {})
    labels = dep.get("spec", {}).get("template", {}).get("metadata", {}).get("labels", {})
    container = (pod.get("containers") or [{}])[0]
    if container.get("livenessProbe", {}).get("httpGet", {}).get("path") != "/healthz":
        problems.append("deployment: liveness is not /healthz")
    if container.get("readinessProbe", {}).get("httpGet", {}).get("path") != "/readyz":
        problems.append("deployment: readiness is not /readyz")
    pre = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    pre_seconds = int(pre[1]) if len(pre) == 2 and pre[0] == "sleep" else None
    grace = pod.get("terminationGracePeriodSeconds", 30)
    # The HTTP server drains for 10 s after SIGTERM (ReelService.stop).
    if pre_seconds is None or grace < pre_seconds + 10 + 5:
        problems.append(f"deployment: terminationGracePeriodSeconds {grace} does not cover preStop {pre_seconds} s + the 10 s drain")
    for ref in container.get("envFrom", []):
        name = (ref.get("configMapRef") or ref.get("secretRef") or {}).get("name")
        kind = "ConfigMap" if "configMapRef" in ref else "Secret"
        found = next((d for _, d in docs if d["kind"] == kind and d["metadata"]["name"] == name), None)
        if found is None:
            problems.append(f"deployment: envFrom {kind} {name} is not in deploy/kubernetes")
        else:
            env_names_ok(found.get("data") or found.get("stringData") or {}, f"{kind} {name}")
    for k in ("Service", "PodDisruptionBudget"):
        sel = kinds.get(k, {}).get("spec", {}).get("selector", {})
        sel = sel.get("matchLabels", sel)
        if not sel or any(labels.get(a) != b for a, b in sel.items()):
            problems.append(f"{k}: its selector does not select the Deployment's pods")
    hpa = kinds.get("HorizontalPodAutoscaler", {}).get("spec", {})
    if hpa.get("scaleTargetRef", {}).get("name") != dep.get("metadata", {}).get("name"):
        problems.append("hpa: does not scale the Deployment")
    metric = ((hpa.get("metrics") or [{}])[0].get("external") or {}).get("metric", {}).get("name")
    rules = next((d for _, d in docs if d["kind"] == "ConfigMap" and "config.yaml" in d.get("data", {})), None)
    if rules is None or f'as: "{metric}"' not in rules["data"]["config.yaml"]:
        problems.append(f"hpa: the metric {metric} is not made by the Prometheus adapter's rules")
    elif "reel_jobs{status=\"queued\"}" not in rules["data"]["config.yaml"]:
        problems.append("prometheus adapter: the rule does not read reel_jobs{status=\"queued\"}")
    metrics_doc = open(os.path.join(root, "docs/API.md")).read()
    if "`reel_jobs{status}`" not in metrics_doc:
        problems.append("docs/API.md no longer documents reel_jobs{status}")

    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"compose.yaml valid ({len(services)} services); {len(docs)} Kubernetes objects valid against {KUBERNETES} (strict)")


def kustomized(root, kinds):
    """What `kubectl kustomize deploy/kubernetes` builds: each object valid (strict), every one of
    them in the Namespace it makes, the image named, and an Ingress fit for Reel (TLS, uploads of any
    size unbuffered, events streams held open far longer than the 15 s heartbeat)."""
    problems = []
    built = subprocess.run(["kubectl", "kustomize", os.path.join(root, "deploy/kubernetes")], capture_output=True, text=True)
    if built.returncode != 0:
        return [f"kubectl kustomize: {built.stderr.strip()}"]
    objects = [d for d in yaml.safe_load_all(built.stdout) if d]
    namespace = next((d["metadata"]["name"] for d in objects if d["kind"] == "Namespace"), None)
    if namespace is None:
        problems.append("kustomize: no Namespace")
    for d in objects:
        try:
            kubernetes_validate.validate(d, KUBERNETES, strict=True)
        except kubernetes_validate.ValidationError as e:
            problems.append(f"kustomize {d.get('kind')} {d['metadata'].get('name')}: {e.message} at {'/'.join(map(str, e.path))}")
        if d["kind"] != "Namespace" and d["metadata"].get("namespace") != namespace:
            problems.append(f"kustomize {d['kind']} {d['metadata'].get('name')}: not in the namespace {namespace}")
    listed = sorted(f"{d['kind']}/{d['metadata']['name']}" for d in objects)
    for kind in ("Namespace", "ConfigMap", "Secret", "Deployment", "Service", "Ingress", "PodDisruptionBudget", "HorizontalPodAutoscaler"):
        if not any(x.startswith(kind + "/") for x in listed):
            problems.append(f"kustomize: no {kind} in {listed}")
    ingress = next((d for d in objects if d["kind"] == "Ingress"), {})
    notes = ingress.get("metadata", {}).get("annotations", {})
    spec = ingress.get("spec", {})
    if not spec.get("tls") or not all(t.get("secretName") for t in spec["tls"]):
        problems.append("ingress: no TLS")
    if notes.get("nginx.ingress.kubernetes.io/proxy-body-size") != "0" or notes.get("nginx.ingress.kubernetes.io/proxy-request-buffering") != "off":
        problems.append("ingress: uploads are limited or buffered")
    for t in ("proxy-read-timeout", "proxy-send-timeout"):
        if int(notes.get("nginx.ingress.kubernetes.io/" + t, "60")) < 600:
            problems.append(f"ingress: {t} would cut an events stream")
    if notes.get("nginx.ingress.kubernetes.io/proxy-buffering") != "off":
        problems.append("ingress: responses buffered (events would wait in the proxy)")
    service = kinds.get("Service", {})
    ports = {p.get("name") for p in service.get("spec", {}).get("ports", [])}
    for rule in spec.get("rules", []):
        for path in rule.get("http", {}).get("paths", []):
            back = path.get("backend", {}).get("service", {})
            if back.get("name") != service.get("metadata", {}).get("name") or back.get("port", {}).get("name") not in ports:
                problems.append(f"ingress: {rule.get('host')}{path.get('path')} does not lead to the Service's port")
    deployment = next((d for d in objects if d["kind"] == "Deployment"), {})
    images = [c.get("image") for c in deployment.get("spec", {}).get("template", {}).get("spec", {}).get("containers", [])]
    if images != ["reel:1"]:
        problems.append(f"kustomize: the Deployment's image is {images}, not the kustomization's reel:1")
    print(f"kubectl kustomize: {len(objects)} objects valid against {KUBERNETES} (strict), all in {namespace}: {', '.join(listed)}")
    return problems


if __name__ == "__main__":
    main()
