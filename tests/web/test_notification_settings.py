"""Issue 13 in the browser: channels per kind of notification and quiet hours (NOTIF-2, NOTIF-3), webhooks with their
secret shown once (INTEROP-4), and the page an email's link opens without signing in (snooze, stop these emails)."""
import datetime as dt
import re

import requests
from playwright.sync_api import expect

from conftest import SIZES
from doable_web import Server, register
from ui import asked_first, describe, eventually, serious, sign_in, visit


def test_NOTIF2_NOTIF3_choose_channels_per_kind_and_quiet_hours(page, member):
    """The member opens Notification settings from the settings navigation, sends reminders by email too, turns
    comments off in the app, holds reminders during quiet hours, and finds it all saved."""
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Notification settings").click()
    expect(page).to_have_url(re.compile(r"/settings/notifications$"))
    table = page.get_by_role("table", name="Notify me by")
    expect(table.get_by_role("checkbox", name="Reminders: in app")).to_be_checked()
    table.get_by_role("checkbox", name="Reminders: email").check()
    table.get_by_role("checkbox", name="Comments on my tasks: in app").uncheck()
    # REACH-3: the Push channel, on by default, is one more column.
    expect(table.get_by_role("checkbox", name="Reminders: push")).to_be_checked()
    table.get_by_role("checkbox", name="Comments on my tasks: push").uncheck()
    page.get_by_role("checkbox", name="Use quiet hours").check()
    page.get_by_label("During quiet hours").select_option("defer")
    expect(page.get_by_text(re.compile(r"waits and goes out on every channel"))).to_be_visible()
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator("#toast")).to_contain_text("Notification settings saved.")

    preferences = member.api.me()["preferences"]
    by_kind = preferences["notificationChannels"]["byKind"]
    assert by_kind["reminder"] == {"inApp": True, "email": True, "webhook": True, "push": True}
    assert by_kind["comment"]["inApp"] is False and by_kind["comment"]["push"] is False
    assert preferences["quietHours"]["mode"] == "defer"
    visit(page, "/settings/notifications")
    expect(page.get_by_role("checkbox", name="Reminders: email")).to_be_checked()
    expect(page.get_by_role("checkbox", name="Comments on my tasks: in app")).not_to_be_checked()


def test_INTEROP4_add_a_webhook_see_its_secret_once_and_delete_it(page, member):
    visit(page, "/settings/webhooks")
    url = "https://hooks.example.com/doable"
    page.get_by_label("URL").fill(url)
    events = page.get_by_role("group", name="Events")
    events.get_by_role("checkbox", name=re.compile(r"^A task is completed")).check()
    events.get_by_role("checkbox", name=re.compile(r"^A reminder comes due")).check()
    page.get_by_role("button", name="Add webhook").click()

    secret = page.get_by_label("Signing secret")
    expect(secret).to_have_value(re.compile(r"^whsec_"))
    expect(page.get_by_text(re.compile(r"HMAC-SHA256 of the raw request\s+body"))).to_be_visible()
    hooks = member.api.call("GET", "/webhooks")
    hooks = hooks["webhooks"] if isinstance(hooks, dict) else hooks
    assert [(hook["url"], sorted(hook["events"])) for hook in hooks] == [(url, ["reminder", "task.completed"])]
    assert all("secret" not in hook for hook in hooks), "the API does not show it again either"

    visit(page, "/settings/webhooks")
    expect(page.get_by_label("Signing secret")).to_have_count(0)
    expect(page.get_by_text(url)).to_be_visible()
    page.get_by_role("button", name=f"Delete webhook {url}").click()
    asked_first(page, "^delete$") or page.get_by_role("button", name="Delete", exact=True).click()
    expect(page.locator("#toast")).to_contain_text(f"Deleted the webhook to {url}.")
    expect(page.get_by_text("You have no webhooks yet.")).to_be_visible()
    hooks = member.api.call("GET", "/webhooks")
    assert (hooks["webhooks"] if isinstance(hooks, dict) else hooks) == []


def test_NOTIF2_NOTIF3_email_link_snoozes_and_stops_reminder_emails(browsing, member, mailbox, base_url):
    """A reminder emailed through the SMTP sink: its link opens without signing in, snoozes the reminder for an
    hour, and stops reminder emails; a mail scanner's GET of the unsubscribe link changes nothing."""
    api = member.api
    api.patch_me(preferences={"notificationChannels": {"byKind": {"reminder": {"email": True}}}})
    task = api.create_task("Water the plants")
    soon = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    reminder = api.call("POST", f"/tasks/{task['id']}/reminders", json={"at": soon})

    message = mailbox.wait_for(member.email, subject="Water the plants")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe_url = re.search(r"<([^>]+)>", str(message["List-Unsubscribe"])).group(1)
    text = message.get_body(("plain",)).get_content()
    manage_url = re.search(r"Snooze or silence this reminder: (\S+)", text).group(1)
    assert manage_url.startswith(base_url + "/email/") and unsubscribe_url == manage_url + "/unsubscribe"

    # A mail scanner opens every link first: a GET changes nothing.
    assert requests.get(unsubscribe_url, timeout=10).status_code == 200
    assert api.me()["preferences"]["notificationChannels"]["byKind"]["reminder"]["email"] is True

    page = browsing.page()  # a browser that never signed in
    visit(page, manage_url[len(base_url):])
    expect(page.get_by_role("heading", level=1)).to_have_text("Reminder: Water the plants")
    expect(page.locator("#sidebar")).to_have_count(0)
    found = serious(page, "the reminder page from the email")
    assert not found, describe(found)
    page.get_by_role("button", name="Snooze 1 hour").click()
    expect(page.locator("#toast")).to_contain_text("Snoozed until")
    expect(page.locator("#main .notice")).to_contain_text("Snoozed until")

    def snoozed():
        listed = api.call("GET", f"/tasks/{task['id']}/reminders")
        found = next(r for r in listed["reminders"] if r["id"] == reminder["id"])
        return found["snoozedUntil"]
    until = dt.datetime.fromisoformat(eventually(snoozed).replace("Z", "+00:00"))
    assert abs((until - dt.datetime.now(dt.timezone.utc)).total_seconds() - 3600) < 120

    page.get_by_role("button", name="Stop emails about reminders").click()
    expect(page).to_have_url(re.compile(r"/email/[^/]+/unsubscribe$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("You no longer get emails about reminders")
    expect(page.locator("#toast")).to_contain_text("You will no longer get emails about reminders.")
    assert api.me()["preferences"]["notificationChannels"]["byKind"]["reminder"]["email"] is False

    # A link that was tampered with is refused with a page that says why.
    response = visit(page, manage_url[len(base_url):-3] + "xyz")
    assert response.status == 400
    expect(page.get_by_role("heading", level=1)).to_have_text("This link does not work")


def test_NOTIF2_email_is_off_with_the_reason_when_the_server_has_no_mail_server(browsing):
    """Issue 29 item 9: on a server started without --smtp-url, Email cannot be ticked (it would never send), and
    the page says why and how an administrator turns it on."""
    with Server() as bare:
        member = register(bare.base)
        context = browsing.browser.new_context(base_url=bare.base, viewport=SIZES[browsing.size])
        page = context.new_page()
        sign_in(page, member.username, member.password)
        visit(page, "/settings/notifications")
        email = page.get_by_role("checkbox", name="Reminders: email")
        expect(email).to_be_disabled()
        expect(email).not_to_be_checked()
        expect(email).to_have_accessible_description(re.compile(r"no mail server.*--smtp-url", re.S))
        expect(page.get_by_role("checkbox", name="Reminders: in app")).to_be_enabled()
        # Saving the rest keeps an email choice made through the API (for when a mail server is added).
        member.api.patch_me(preferences={"notificationChannels": {"byKind": {"reminder": {"email": True}}}})
        visit(page, "/settings/notifications")
        page.get_by_role("checkbox", name="Comments on my tasks: in app").uncheck()
        page.get_by_role("main").get_by_role("button", name=re.compile(r"^save", re.I)).click()
        expect(page.locator("#toast")).to_contain_text("Notification settings saved.")
        channels = member.api.me()["preferences"]["notificationChannels"]["byKind"]
        assert channels["reminder"]["email"] is True, channels["reminder"]
        assert channels["comment"]["inApp"] is False, channels["comment"]
        context.close()
