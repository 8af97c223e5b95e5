"""REACH-3 and NOTIF-2: push notifications (RFC 8030, 8291, 8292) against a push-service stand-in on loopback
(tests/support/push_service.py), which checks each push's VAPID token and headers and decrypts it as the phone
would. A reminder arrives encrypted within 5 s of its moment, with Done and Snooze links that work; a gone device
(404, 410) is removed; a failing push service (500, 429) is tried again later; quiet hours hold pushes back; bad
subscriptions are refused by field; Settings › Notifications lists devices with a test and Remove; and the service
worker shows a push and does "Done" from it, queued while offline."""
import datetime as dt
import re
import sys
import time
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from push_service import PushService  # noqa: E402

from doable_web import register  # noqa: E402
from ui import eventually, sign_in, visit  # noqa: E402

ON_TIME = 5.0


@pytest.fixture(scope="module")
def pushes():
    with PushService() as service:
        yield service


@pytest.fixture(scope="module")
def push_server(server):
    """The suite's server, which an admin's allowance lets reach loopback (the stand-in; OPS-7)."""
    return server


def iso(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def subscribe(member, device) -> dict:
    return member.api.call("POST", "/push-subscriptions", json=device.subscription())


def remind_soon(member, title: str, seconds: float = 2.0) -> tuple[dict, float]:
    task = member.api.create_task(title)
    moment = time.time() + seconds
    member.api.call("POST", f"/tasks/{task['id']}/reminders", json={"at": iso(moment)})
    return task, moment


def test_REACH3_a_reminder_arrives_encrypted_on_time_and_its_buttons_work(push_server, pushes):
    """REACH-3: the reminder reaches the device within 5 s of its moment, encrypted (no task text in the clear to
    the push service), signed, with TTL and Urgency; it carries the title, when it is due, the page to open, and
    links behind "Done" and "Snooze 1 h" that work without a session."""
    member = register(push_server.base)
    device = pushes.device(f"phone-{member.username}")
    made = subscribe(member, device)
    assert made["deviceName"] and made["pushService"] == "127.0.0.1"
    assert member.api.call("GET", "/push/key")["publicKey"]
    task, moment = remind_soon(member, "Water the tomatoes")
    got = eventually(lambda: pushes.to(device.name), timeout=moment + ON_TIME + 2 - time.time())
    push = got[0]
    assert push.problems == [], push.problems
    assert push.at - moment <= ON_TIME, f"{push.at - moment:.2f} s late"
    assert push.headers["Urgency"] == "high" and int(push.headers["TTL"]) > 0
    assert push.message["title"] == "Water the tomatoes"
    assert push.message["body"].startswith("Due") or "Reminder" in push.message["body"]
    assert push.message["url"] == f"/tasks/{task['id']}"
    assert push.message["done"] and push.message["snooze"]
    # The push service sees only ciphertext.
    assert b"tomatoes" not in push.headers.get("body", b"")
    snoozed = requests.post(push_server.base + push.message["snooze"], data={"preset": "1h"},
                            headers={"X-Doable-Fetch": "1"}, timeout=10)
    assert snoozed.status_code == 200, snoozed.text
    reminder = member.api.call("GET", f"/tasks/{task['id']}/reminders")["reminders"][0]
    assert reminder["snoozedUntil"]
    done = requests.post(push_server.base + push.message["done"], headers={"X-Doable-Fetch": "1"}, timeout=10)
    assert done.status_code == 200, done.text
    assert member.api.task(task["id"])["status"] == "completed"
    log = member.api.call("GET", "/deliveries")["deliveries"]
    assert any(d["channel"] == "push" and d["state"] == "sent" for d in log)
    assert member.api.call("GET", "/push-subscriptions")["pushSubscriptions"][0]["lastSuccessAt"]


@pytest.mark.parametrize("status", [404, 410])
def test_REACH3_a_device_its_push_service_calls_gone_is_removed(push_server, pushes, status):
    member = register(push_server.base)
    device = pushes.device(f"gone{status}-{member.username}")
    made = subscribe(member, device)
    pushes.answers[device.name] = [status]
    member.api.call("POST", f"/push-subscriptions/{made['id']}/test", expect=(202,))
    eventually(lambda: pushes.to(device.name), timeout=10)
    eventually(lambda: member.api.call("GET", "/push-subscriptions")["pushSubscriptions"] == [], timeout=10)
    failed = eventually(lambda: [d for d in member.api.call("GET", "/deliveries")["deliveries"]
                                 if d["channel"] == "push" and d["state"] == "failed"], timeout=10)
    assert str(status) in failed[0]["lastError"]


@pytest.mark.parametrize("status", [500, 429])
def test_REACH3_a_failing_push_service_is_tried_again_with_backoff(push_server, pushes, status):
    member = register(push_server.base)
    device = pushes.device(f"busy{status}-{member.username}")
    made = subscribe(member, device)
    pushes.answers[device.name] = [status]
    member.api.call("POST", f"/push-subscriptions/{made['id']}/test", expect=(202,))
    waiting = eventually(lambda: [d for d in member.api.call("GET", "/deliveries")["deliveries"]
                                  if d["channel"] == "push" and d["lastError"]], timeout=10)[0]
    assert waiting["state"] == "pending" and str(status) in waiting["lastError"]
    later = dt.datetime.fromisoformat(waiting["nextAttemptAt"].replace("Z", "+00:00")).timestamp() - time.time()
    assert 10 <= later <= 60, f"next attempt in {later:.0f} s"
    assert member.api.call("GET", "/push-subscriptions")["pushSubscriptions"], "a busy push service keeps the device"


def test_REACH3_NOTIF3_quiet_hours_hold_pushes_back(push_server, pushes):
    """NOTIF-3: in silent quiet hours a reminder goes to the notification centre only, never to the phone."""
    member = register(push_server.base)
    now = dt.datetime.now(dt.timezone.utc)
    member.api.call("PATCH", "/me", json={"preferences": {"timeZone": "UTC", "quietHours": {
        "start": (now - dt.timedelta(hours=1)).strftime("%H:%M"), "end": (now + dt.timedelta(hours=1)).strftime("%H:%M"),
        "mode": "silent"}}})
    device = pushes.device(f"quiet-{member.username}")
    subscribe(member, device)
    task, moment = remind_soon(member, "Quiet time task")
    eventually(lambda: member.api.call("GET", "/notifications")["notifications"], timeout=moment + ON_TIME - time.time())
    time.sleep(1.5)
    assert pushes.to(device.name) == []


def test_REACH3_channel_push_off_sends_nothing(push_server, pushes):
    """NOTIF-2: with the Push channel off for reminders, none reaches the device."""
    member = register(push_server.base)
    member.api.call("PATCH", "/me", json={"preferences": {"notificationChannels": {"byKind": {"reminder": {"push": False}}}}})
    assert member.api.me()["preferences"]["notificationChannels"]["byKind"]["reminder"]["push"] is False
    device = pushes.device(f"off-{member.username}")
    subscribe(member, device)
    task, moment = remind_soon(member, "No push please")
    eventually(lambda: member.api.call("GET", "/notifications")["notifications"], timeout=moment + ON_TIME - time.time())
    time.sleep(1.5)
    assert pushes.to(device.name) == []


def test_REACH3_OPS7_bad_subscriptions_are_refused_by_field(base_url, pushes):
    """Bad keys name their field; a private-network endpoint is refused where no admin allowed its range (OPS-7)."""
    member = register(base_url)
    device = pushes.device(f"bad-{member.username}")
    good = {**device.subscription(), "endpoint": "https://push.example.net/send/abc"}
    cases = [
        ({**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}, "keys.p256dh"),
        ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "AAAA"}}, "keys.auth"),
        ({**good, "endpoint": "ftp://push.example/x"}, "endpoint"),
        ({**good, "endpoint": "http://10.9.8.7/push/x"}, "endpoint"),  # a private network, not allowed here
        ({"endpoint": good["endpoint"]}, "keys"),
    ]
    for body, field in cases:
        response = requests.post(base_url + "/api/v1/push-subscriptions", json=body,
                                 headers={"Authorization": f"Bearer {member.api.token}"}, timeout=10)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["error"]["field"] == field, response.text
    assert member.api.call("GET", "/push-subscriptions")["pushSubscriptions"] == []


def test_REACH3_settings_list_devices_with_a_test_and_remove(browsing, push_server, pushes):
    """Settings › Notifications: the Push column, "Push to this device", each device with Send test (which arrives)
    and Remove."""
    member = register(push_server.base)
    device = pushes.device(f"settings-{member.username}")
    subscribe(member, device)
    context = browsing.browser.new_context(base_url=push_server.base, viewport={"width": 360, "height": 740}
                                           if browsing.size == "phone" else {"width": 1280, "height": 800})
    try:
        page = context.new_page()
        sign_in(page, member.username, member.password)
        visit(page, "/settings/notifications")
        expect(page.get_by_role("columnheader", name="Push")).to_be_visible()
        section = page.get_by_role("region", name="Push notifications")
        expect(section.get_by_role("button", name="Push to this device")).to_be_visible()
        section.get_by_role("button", name=re.compile("^Send a test notification")).click()
        got = eventually(lambda: pushes.to(device.name), timeout=10)
        assert got[0].message["title"] == "Doable test notification" and got[0].problems == []
        section.get_by_role("button", name=re.compile("^Stop pushing to")).click()
        expect(section.get_by_text("No device receives push notifications yet.")).to_be_visible()
        assert member.api.call("GET", "/push-subscriptions")["pushSubscriptions"] == []
    finally:
        context.close()


def test_REACH3_the_worker_shows_a_push_and_does_done_from_it_even_offline(browsing, push_server, pushes):
    """The service worker shows a push as the notification (title, when, Done and Snooze 1 h); "Done" pressed
    without the network waits in the worker's queue and completes the task once the network is back."""
    member = register(push_server.base)
    device = pushes.device(f"worker-{member.username}")
    subscribe(member, device)
    task, moment = remind_soon(member, "Take out the bins")
    message = eventually(lambda: pushes.to(device.name), timeout=moment + ON_TIME + 2 - time.time())[0].message
    context = browsing.browser.new_context(base_url=push_server.base, viewport={"width": 360, "height": 740})
    try:
        context.grant_permissions(["notifications"], origin=push_server.base)
        page = context.new_page()
        sign_in(page, member.username, member.password)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        worker = eventually(lambda: context.service_workers, timeout=10)[0]
        # The push event as the browser dispatches it once it has decrypted the message.
        worker.evaluate("""(n) => new Promise(done => {
          const event = new PushEvent('push', { data: JSON.stringify(n) });
          event.waitUntil = p => p.then(done, done);
          self.dispatchEvent(event);
        })""", message)
        shown = worker.evaluate(
            "self.registration.getNotifications().then(ns => ns.map(n => [n.title, n.body, n.actions.map(a => a.title)]))")
        assert [message["title"], message["body"], ["Done", "Snooze 1 h"]] in shown
        context.set_offline(True)
        worker.evaluate("(n) => act(n.done, '', n.title)", message)
        assert worker.evaluate("outbox('readonly', s => s.count())") == 1
        assert member.api.task(task["id"])["status"] != "completed"
        context.set_offline(False)
        worker.evaluate("flush()")
        eventually(lambda: member.api.task(task["id"])["status"] == "completed", timeout=10)
        assert worker.evaluate("outbox('readonly', s => s.count())") == 0
    finally:
        context.close()
