"""Issue 10, finding 15 (OPS-3): Prometheus metrics, never public by default.

  - a default `doable serve` has no /metrics (404 in the error shape);
  - with --metrics-port the metrics are served on that listener only, as Prometheus text: request counts and
    duration histograms by route, method and status, the page cache's bytes, sign-in lockouts;
  - with --metrics-token (and no port) they are on the main listener, for that bearer token only.
"""
import re
import sys

import requests

from liveserver import Checks, LiveServer, free_port, register

results = Checks()
check = results.check
TOKEN = "metrics-token-for-the-live-check"


def sample(text: str, name: str, **labels: str) -> float | None:
    """The value of the first sample of `name` whose labels include `labels`."""
    for line in text.splitlines():
        match = re.match(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$", line)
        if not match or match.group(1) != name:
            continue
        found = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(3) or ""))
        if all(found.get(key) == value for key, value in labels.items()):
            return float(match.group(4))
    return None


def main() -> int:
    with LiveServer() as server:
        response = requests.get(server.base + "/metrics", timeout=5)
        check(response.status_code == 404 and "error" in response.json(), "by default there is no /metrics")

    metrics_port = free_port()
    with LiveServer("--metrics-port", str(metrics_port)) as server:
        check(requests.get(server.base + "/metrics", timeout=5).status_code == 404,
              "with --metrics-port, the API's listener has no /metrics")
        token = register(server.base, "measured", "right password")["token"]
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(3):
            requests.get(server.base + "/api/v1/tasks", headers=headers, timeout=5)
        requests.get(server.base + "/api/v1/tasks/not-a-uuid", headers=headers, timeout=5)
        for _ in range(5):
            requests.post(server.base + "/api/v1/sessions", json={"login": "measured", "password": "wrong"}, timeout=5)
        scraped = requests.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5)
        text = scraped.text
        check(scraped.status_code == 200 and scraped.headers["Content-Type"].startswith("text/plain"),
              "the metrics listener answers in Prometheus's text format")
        count = sample(text, "doable_http_requests_total", http_route="/api/v1/tasks", http_request_method="GET",
                       http_response_status_code="200")
        check(count == 3, f"request count by route, method and status ({count})")
        check(sample(text, "doable_http_requests_total", http_route="/api/v1/tasks/{id}",
                     http_response_status_code="404") == 1, "a 404 is counted under its route template")
        check(sample(text, "doable_http_request_duration_seconds_count", http_route="/api/v1/tasks",
                     http_response_status_code="200") == 3, "request durations as a histogram")
        check(sample(text, "doable_http_requests_total", http_route="/api/v1/sessions",
                     http_response_status_code="401") == 5, "failed sign-ins are counted")
        check(sample(text, "doable_signin_lockouts_total") == 1, "the account's lockout is counted")
        check(sample(text, "doable_page_cache_bytes") is not None and sample(text, "doable_page_cache_bytes") > 0,
              "the page cache's bytes")
        check("measured" not in text and token not in text, "nothing personal in the metrics")

    with LiveServer("--metrics-token", TOKEN) as server:
        check(requests.get(server.base + "/metrics", timeout=5).status_code == 401, "without the token: 401")
        check(requests.get(server.base + "/metrics", headers={"Authorization": "Bearer wrong-token-of-some-length"},
                           timeout=5).status_code == 401, "with a wrong token: 401")
        response = requests.get(server.base + "/metrics", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=5)
        check(response.status_code == 200 and "doable_http_requests_total" in response.text,
              "with --metrics-token, the token reads the metrics on the main listener")
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
