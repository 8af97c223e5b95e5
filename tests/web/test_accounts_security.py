"""Issue 31 in the browser: forgotten password (ACC-8), two-factor sign-in (ACC-10), sessions and devices (ACC-11),
invitations and registration by invitation (ACC-12), and the admin area's accounts and audit log (ADMIN-1, ADMIN-2).
Emails arrive at the suite's SMTP sink; authenticator codes come from pyotp. Every flow runs at 360 and 1280 px and
axe finds no serious violation on the new pages."""
import os
import re
import time
import uuid

import pyotp
from playwright.sync_api import Error as PlaywrightError, expect

from conftest import SIZES
from doable_web import PASSWORD, Server, register, unique_username
from test_admin import grant_admin
from ui import describe, field, serious, sign_in, toast, visit

LINK = re.compile(r"https?://[^/\s]+(/[^\s]+)")


def no_serious_violations(page, path: str) -> None:
    found = serious(page, path)
    assert not found, describe(found)


def link_in(message, path_prefix: str) -> str:
    """The path of the first link in an email's text that starts with `path_prefix`."""
    text = message.get_body(("plain",)).get_content()
    for match in LINK.finditer(text):
        if match.group(1).startswith(path_prefix):
            return match.group(1)
    raise AssertionError(f"no {path_prefix} link in: {text}")


def test_ACC8_a_forgotten_password_is_reset_from_the_emailed_link(server, mailbox, browsing):
    """ACC-8: "Forgot your password?" sends a link; it sets the new password, signs this browser in, and the
    session that was signed in before has ended."""
    member = register(server.base)
    old = browsing.page()
    sign_in(old, member.username, member.password)

    page = browsing.page()
    visit(page, "/signin")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page).to_have_url(re.compile(r"/forgot-password$"))
    no_serious_violations(page, "/forgot-password")
    page.get_by_label("Email").fill(member.email)
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("status")).to_contain_text(f"If {member.email} is the address of a Doable account")
    # An address without an account gets the same answer.
    visit(page, "/forgot-password")
    page.get_by_label("Email").fill(f"nobody_{member.username}@example.com")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("status")).to_contain_text("is the address of a Doable account")

    path = link_in(mailbox.wait_for(member.email, "Reset your Doable password"), "/reset-password/")
    visit(page, path)
    no_serious_violations(page, "/reset-password/…")
    page.get_by_label("New password", exact=True).fill("a brand new password")
    page.get_by_label("New password again").fill("a brand new password")
    page.get_by_role("button", name="Set the new password").click()
    expect(page).to_have_url(re.compile(r"/today$"))
    expect(toast(page)).to_contain_text("Password changed")

    # The old session has ended: its live stream's end may send the page to sign in before our navigation lands.
    try:
        old.goto("/today")
    except PlaywrightError:
        pass
    expect(old).to_have_url(re.compile(r"/signin"))
    # The link worked once.
    response = visit(page, path)
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("This link does not work")
    sign_in(old, member.username, "a brand new password")


def start_sign_in(page, member) -> None:
    visit(page, "/signin")
    field(page, r"^email or username").fill(member.username)
    field(page, r"^password").fill(member.password)
    page.get_by_role("button", name=re.compile(r"^sign in$", re.I)).click()
    expect(page.get_by_role("heading", name="Enter your code")).to_be_visible()


def test_ACC10_two_factor_sign_in_asks_for_a_code_once_and_takes_a_recovery_code_once(page, member, browsing):
    """ACC-10: enrol with the QR code's key and a first code; the recovery codes show once. Signing in then asks
    for the code; a code used once is refused; a recovery code works once."""
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Two-factor sign-in").click()
    page.get_by_role("button", name="Set up two-factor sign-in").click()
    expect(page.get_by_role("img", name="QR code for your authenticator app")).to_be_visible()
    no_serious_violations(page, "/settings/two-factor (enrolling)")
    key = page.get_by_label("Key for the authenticator app").input_value().replace(" ", "")
    totp = pyotp.TOTP(key)
    page.get_by_label("Code from the app").fill(totp.now())
    page.get_by_role("button", name="Turn on two-factor sign-in").click()
    expect(page.get_by_role("heading", name="Your recovery codes")).to_be_visible()
    codes = page.get_by_role("list", name="Recovery codes").locator("code").all_inner_texts()
    assert len(codes) == 10 and all(re.fullmatch(r"[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2}", c) for c in codes), codes
    no_serious_violations(page, "/settings/two-factor (codes)")
    visit(page, "/settings/two-factor")
    expect(page.get_by_role("main")).to_contain_text("You have 10 unused recovery codes")

    # The next window's code: the one that confirmed enrolment was used in this one.
    phone = browsing.page()
    start_sign_in(phone, member)
    no_serious_violations(phone, "/signin (code)")
    code = totp.at(time.time() + 30)
    phone.get_by_label("Code from your authenticator app").fill(code)
    phone.get_by_role("button", name="Sign in").click()
    expect(phone).to_have_url(re.compile(r"/today$"))

    laptop = browsing.page()
    start_sign_in(laptop, member)
    laptop.get_by_label("Code from your authenticator app").fill(code)
    laptop.get_by_role("button", name="Sign in").click()
    expect(laptop.locator("#f-totp-error")).to_contain_text("used already")
    laptop.get_by_text("Lost your phone? Use a recovery code").click()
    laptop.get_by_label("Recovery code").fill(codes[0])
    laptop.get_by_role("button", name="Sign in").click()
    expect(laptop).to_have_url(re.compile(r"/today$"))

    tablet = browsing.page()
    start_sign_in(tablet, member)
    tablet.get_by_text("Lost your phone? Use a recovery code").click()
    tablet.get_by_label("Recovery code").fill(codes[0])
    tablet.get_by_role("button", name="Sign in").click()
    expect(tablet.locator("#f-recoveryCode-error")).to_contain_text("used already")


def test_ACC11_sessions_and_devices_lists_both_browsers_and_ends_the_other(page, member, browsing):
    """ACC-11: two signed-in browsers are listed with their device (beside the session the API registration made);
    this one is marked; ending the other signs it out."""
    other = browsing.page()
    sign_in(other, member.username, member.password)
    visit(page, "/settings/sessions")
    items = page.get_by_role("list", name="Sessions and devices").get_by_role("listitem")
    browsers = items.filter(has_text="Chrome on Linux")
    expect(browsers).to_have_count(2)
    expect(items.filter(has_text="This device")).to_have_count(1)
    expect(items.filter(has_text="This device")).to_contain_text("Chrome on Linux")
    no_serious_violations(page, "/settings/sessions")
    ending = browsers.filter(has_not_text="This device").get_by_role("button", name=re.compile(r"^End "))
    ending.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=re.compile("^End$")).click()
    expect(toast(page)).to_contain_text("Ended Chrome on Linux")
    expect(browsers).to_have_count(1)
    try:
        other.goto("/today")
    except PlaywrightError:  # its live stream's end may send it to sign in first
        pass
    expect(other).to_have_url(re.compile(r"/signin"))


def test_ADMIN1_an_admin_disables_a_member_who_sees_why_then_enables_them(server, browsing):
    """ADMIN-1, ADMIN-2: an admin finds a member by search, disables them with a reason the member sees at sign-in,
    enables them again; the audit log lists both."""
    admin = register(server.base)
    grant_admin(server, admin.username)
    member = register(server.base)
    page = browsing.page()
    sign_in(page, admin.username, admin.password)
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Accounts (admin)").click()
    expect(page).to_have_url(re.compile(r"/admin/accounts$"))
    page.get_by_role("searchbox", name="Search accounts").fill(member.username)
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_role("list", name="Accounts").locator("> li")).to_have_count(1)
    no_serious_violations(page, "/admin/accounts")
    page.get_by_role("link", name=f"Manage {member.username}").click()
    no_serious_violations(page, "/admin/accounts/{id}")
    page.get_by_role("button", name=f"Disable {member.username}").click()
    expect(page.locator("#f-reason-error")).to_be_visible()
    page.get_by_label("Reason").fill("Posting spam in shared lists")
    page.get_by_role("button", name=f"Disable {member.username}").click()
    expect(toast(page)).to_contain_text(f"Disabled {member.username}")
    expect(page.get_by_role("list", name=f"State of {member.username}")).to_contain_text("Disabled")

    # The member hears the reason once their password is right.
    member_page = browsing.page()
    visit(member_page, "/signin")
    field(member_page, r"^email or username").fill(member.username)
    field(member_page, r"^password").fill(member.password)
    member_page.get_by_role("button", name="Sign in").click()
    expect(member_page.get_by_role("alert")).to_contain_text("Posting spam in shared lists")

    page.get_by_role("button", name=f"Enable {member.username}").click()
    expect(toast(page)).to_contain_text(f"Enabled {member.username}")
    sign_in(member_page, member.username, member.password)

    page.get_by_role("navigation", name="Admin").get_by_role("link", name="Audit log").click()
    log = page.get_by_role("list", name="Admin actions, newest first")
    expect(log.get_by_role("listitem").filter(has_text=f"disabled {member.username}")).to_contain_text(
        "Posting spam in shared lists")
    expect(log.get_by_role("listitem").filter(has_text=f"enabled {member.username}")).to_have_count(1)
    no_serious_violations(page, "/admin/audit")


def test_ADMIN1_the_last_admin_cannot_remove_their_own_admin_role(browsing, monkeypatch):
    """ADMIN-1: on a server of its own with one admin, removing that admin's role is refused on the page. On
    PostgreSQL its tables are in a schema of their own: the suite's shared database has other tests' admins."""
    shared = os.environ.get("DOABLE_DATABASE_URL")
    if shared:
        schema = "web_last_admin_" + uuid.uuid4().hex[:12]
        monkeypatch.setenv("DOABLE_DATABASE_URL", shared + ("&" if "?" in shared else "?") + "schema=" + schema)
    with Server() as own:
        admin = register(own.base)
        grant_admin(own, admin.username)
        page = browsing.browser.new_context(base_url=own.base, viewport=page_size(browsing),
                                            reduced_motion="reduce").new_page()
        sign_in(page, admin.username, admin.password)
        visit(page, "/admin/accounts")
        page.get_by_role("link", name=f"Manage {admin.username}").click()
        page.get_by_role("button", name=f"Remove admin from {admin.username}").click()
        expect(page.get_by_role("alert")).to_contain_text("is the last admin")
        page.context.close()


def page_size(browsing):
    """The viewport of the test's window size, for a context on a server of the test's own."""
    return SIZES[browsing.size]


def test_ACC12_registration_by_invitation_goes_through_the_invitation_link(browsing, mailbox):
    """ACC-12: on a server started with `--registration invite`, /register explains it is by invitation; an admin
    makes an invitation for an email in the settings; the emailed link opens the form with that email fixed, and
    the new member lands on Today."""
    with Server() as first:
        admin = register(first.base)
        grant_admin(first, admin.username)
        data_dir = first.data_dir
        first.stop()
        with Server("--registration", "invite", "--smtp-url", f"smtp://127.0.0.1:{mailbox.port}",
                    data_dir=data_dir) as own:
            context = browsing.browser.new_context(base_url=own.base, viewport=page_size(browsing),
                                                   reduced_motion="reduce")
            stranger = context.new_page()
            visit(stranger, "/register")
            expect(stranger.get_by_role("heading", level=1)).to_have_text("Registration is by invitation")
            no_serious_violations(stranger, "/register (invite)")

            page = browsing.browser.new_context(base_url=own.base, viewport=page_size(browsing),
                                                reduced_motion="reduce").new_page()
            sign_in(page, admin.username, admin.password)
            visit(page, "/settings")
            page.get_by_role("navigation", name="Settings").get_by_role("link", name="Invitations").click()
            invitee = unique_username("inv")
            email = f"{invitee}@example.com"
            page.get_by_label("Email").fill(email)
            page.get_by_role("button", name="Make invitation").click()
            expect(page.get_by_role("heading", name="Invitation made")).to_be_visible()
            expect(page.get_by_label("Invitation link")).to_have_value(re.compile(r"/join/dinv_"))
            expect(page.get_by_role("listitem").filter(has_text=email)).to_have_count(1)
            no_serious_violations(page, "/settings/invitations")

            path = link_in(mailbox.wait_for(email, "invites you to Doable"), "/join/")
            visit(stranger, path)
            expect(stranger.get_by_label("Email")).to_have_value(email)
            expect(stranger.get_by_label("Email")).not_to_be_editable()
            no_serious_violations(stranger, "/join/…")
            stranger.get_by_label("Username").fill(invitee)
            stranger.get_by_label("Password").fill(PASSWORD)
            stranger.get_by_label("First name").fill("Ivy")
            stranger.get_by_label("Last name").fill("Vance")
            stranger.get_by_role("button", name="Create account").click()
            expect(stranger).to_have_url(re.compile(r"/today$"))
            page.context.close()
            context.close()


def test_ACC12_sharing_with_an_unknown_email_invites_it(page, member, mailbox):
    """ACC-12: sharing a list with an address that has no account invites it: the page says so, and the
    invitation to the list is emailed."""
    listed = member.api.create_list("Camping trip")
    visit(page, f"/lists/{listed['id']}/edit")
    email = f"{unique_username('friend')}@example.com"
    share = page.get_by_role("form", name="Share")
    share.get_by_label("Username or email").fill(email)
    share.get_by_role("button", name="Share").click()
    expect(toast(page)).to_contain_text(f"Invited {email}: they join the list when they register")
    message = mailbox.wait_for(email, "invites you to a list")
    assert "Camping trip" in message.get_body(("plain",)).get_content()
