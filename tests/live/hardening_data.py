"""Issue 10 (hardening), the findings on query parameters, text, export and task trees, against a live `doable serve`.

Run by hardening_data.sh on SQLite, and by scripts/test.sh once more on PostgreSQL (DOABLE_DATABASE_URL set):
  2   repeated query parameters are bounded (100), a 400 naming the parameter, on every route, never a 500;
  18  a filter on 100 labels answers in milliseconds;
  4   lengths count Unicode scalars: one letter with 40 KB of combining marks is refused;
  5   text is stored in NFC; list and label names are unique across NFC/NFD and case; search finds either form;
  13  the ICS export escapes a bare CR (no injected property) and folds at 75 octets;
  14  two concurrent moves (X under Y, Y under X) never both commit: no parent cycle.
"""
import sys
import threading
import time
import unicodedata
import uuid

import requests

from liveserver import Checks, LiveServer, register

results = Checks()
check = results.check
NFC_CAFE = "Caf\u00e9"
NFD_CAFE = "Cafe\u0301"


class Client:
    def __init__(self, base: str, token: str):
        self.base, self.session = base + "/api/v1", requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.session.get(self.base + path, timeout=30, **kwargs)

    def post(self, path: str, body: dict) -> requests.Response:
        return self.session.post(self.base + path, json=body, timeout=30)


def error_field(response: requests.Response) -> str | None:
    try:
        return response.json()["error"]["field"]
    except (ValueError, KeyError, TypeError):
        return None


def repeated_parameters(api: Client) -> None:
    labels = [api.post("/labels", {"name": f"label {index}"}).json()["id"] for index in range(100)]
    task = api.post("/tasks", {"title": "Every label", "labelIds": labels}).json()
    api.post("/tasks", {"title": "Some labels", "labelIds": labels[:50]})

    started = time.monotonic()
    response = api.get("/tasks", params=[("label", label) for label in labels])
    elapsed = time.monotonic() - started
    ids = [item["id"] for item in response.json().get("tasks", [])] if response.status_code == 200 else []
    check(response.status_code == 200 and ids == [task["id"]], "issue 10 #18: 100 label filters find the one task",
          f"{response.status_code} {response.text[:200]}")
    check(elapsed < 1.0, f"issue 10 #18: a 100-label filter answers in {elapsed * 1000:.0f} ms (< 1 s)")

    too_many = [("label", str(uuid.uuid4())) for _ in range(1_000)]
    for name, params in [
        ("1,000 label parameters", too_many),
        ("101 label parameters", [("label", label) for label in labels] + [("label", labels[0])]),
        ("101 comma-separated labels", [("label", ",".join(labels + [labels[0]]))]),
        ("101 status parameters", [("status", "pending")] * 101),
    ]:
        response = api.get("/tasks", params=params)
        field = params[0][0]
        check(response.status_code == 400 and error_field(response) == field,
              f"issue 10 #2: {name} answer 400 naming '{field}'", f"{response.status_code} {response.text[:200]}")
    for path in ["/lists", "/labels", "/me", "/trash", "/tasks/" + task["id"]]:
        response = api.get(path, params=[("x", "1")] * 101)
        check(response.status_code == 400 and error_field(response) == "x",
              f"issue 10 #2: GET {path} with a parameter repeated 101 times answers 400 naming it",
              f"{response.status_code} {response.text[:200]}")
    response = api.get("/lists", params=[("x", "1")] * 100)
    check(response.status_code == 200, "issue 10 #2: 100 repeats are still fine", str(response.status_code))


def unicode_text(api: Client) -> None:
    marks = "\u0301" * 20_000
    for path, body, field in [
        ("/tasks", {"title": "a" + marks}, "title"),
        ("/tasks", {"title": "ok", "notes": "a" + marks * 2}, "notes"),
        ("/lists", {"name": "a" + marks}, "name"),
        ("/labels", {"name": "a" + marks}, "name"),
    ]:
        response = api.post(path, body)
        check(response.status_code == 400 and error_field(response) == field,
              f"issue 10 #4: POST {path} with one letter and 40 KB of combining marks in '{field}' answers 400",
              f"{response.status_code} {response.text[:200]}")

    first = api.post("/lists", {"name": NFC_CAFE})
    second = api.post("/lists", {"name": NFD_CAFE.upper()})
    check(first.status_code == 201 and second.status_code == 409,
          "issue 10 #5: list names are unique across NFC/NFD and case", f"{first.status_code} {second.status_code}")
    first = api.post("/labels", {"name": NFD_CAFE})
    second = api.post("/labels", {"name": NFC_CAFE.lower()})
    check(first.status_code == 201 and second.status_code == 409,
          "issue 10 #5: label names are unique across NFC/NFD and case", f"{first.status_code} {second.status_code}")
    check(first.json().get("name") == NFC_CAFE, "issue 10 #5: a label name is stored in NFC")

    composed = api.post("/tasks", {"title": f"{NFC_CAFE} au lait"}).json()
    decomposed = api.post("/tasks", {"title": f"{NFD_CAFE} noir", "notes": "Cre\u0300me"}).json()
    check(decomposed.get("title") == f"{NFC_CAFE} noir" and decomposed.get("notes") == "Cr\u00e8me",
          "issue 10 #5: task title and notes are stored in NFC")
    for typed in [NFC_CAFE, NFD_CAFE, NFD_CAFE.lower(), unicodedata.normalize("NFD", "CAFÉ")]:
        found = {item["id"] for item in api.get("/tasks", params={"q": typed}).json().get("tasks", [])}
        check(found == {composed["id"], decomposed["id"]},
              f"issue 10 #5: searching {typed.encode('unicode_escape').decode()} finds both tasks", str(found))


def calendar_export(api: Client) -> None:
    api.post("/tasks", {"title": "Pay\rATTENDEE:mailto:evil@example.com", "notes": "x" * 200 + "é" * 100})
    calendar = api.get("/me/export").json()["calendar"]
    physical = calendar.split("\r\n")
    unfolded = calendar.replace("\r\n ", "").split("\r\n")
    check(not any(line.startswith("ATTENDEE") for line in unfolded),
          "issue 10 #13: a bare CR in a title does not start a property")
    check("SUMMARY:Pay\\nATTENDEE:mailto:evil@example.com" in unfolded, "issue 10 #13: the CR is written as \\n")
    check(all(len(line.encode()) <= 75 for line in physical), "issue 10 #13: every line is at most 75 octets")
    check("\r" not in calendar.replace("\r\n", "") and "\n" not in calendar.replace("\r\n", ""),
          "issue 10 #13: no CR or LF except line ends")


def concurrent_moves(api: Client) -> None:
    both = 0
    for round in range(20):
        x = api.post("/tasks", {"title": f"X {round}"}).json()["id"]
        y = api.post("/tasks", {"title": f"Y {round}"}).json()["id"]
        statuses: dict[str, int] = {}
        barrier = threading.Barrier(2)

        def move(task: str, parent: str) -> None:
            session = requests.Session()
            session.headers.update(api.session.headers)
            barrier.wait()
            statuses[task] = session.post(f"{api.base}/tasks/{task}/move", json={"parentId": parent},
                                          timeout=30).status_code

        threads = [threading.Thread(target=move, args=(x, y)), threading.Thread(target=move, args=(y, x))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        parents = {task: api.get(f"/tasks/{task}").json().get("parentId") for task in (x, y)}
        if parents[x] == y and parents[y] == x:
            both += 1
        if sorted(statuses.values()) != [200, 400]:
            check(False, f"issue 10 #14: round {round}: one move answers 200, the other 400", str(statuses))
    check(both == 0, f"issue 10 #14: 20 rounds of concurrent opposite moves made {both} parent cycles")
    check(api.get("/tasks", params={"limit": "200"}).status_code == 200, "issue 10 #14: listings still answer")


def main() -> int:
    with LiveServer() as server:
        name = "hard_" + uuid.uuid4().hex[:10]
        api = Client(server.base, register(server.base, name)["token"])
        repeated_parameters(api)
        unicode_text(api)
        calendar_export(api)
        concurrent_moves(api)
        status = requests.get(server.base + "/healthz", timeout=5).status_code
        check(status == 200, "the server is still healthy", str(status))
        if "Unhandled error" in server.log_tail(400):
            check(False, "no unhandled errors in the server log", server.log_tail(20))
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
