"""ACC: registering, signing in and out, password, access tokens and preferences, through the pages."""
import re

from playwright.sync_api import expect

from doable_web import PASSWORD, Api, sign_in_api, unique_username
from ui import asked_first, choose, field, header_link, sign_in, visit

SIGNED_IN = re.compile(r"/today$")


def register_form(page):
    """The register form's controls, found by their labels."""
    return {
        "email": field(page, r"^e-?mail"),
        "password": field(page, r"^password"),
        "username": field(page, r"^username"),
        "first": field(page, r"^first name"),
        "last": field(page, r"^last name"),
    }


def register_in_one_step(page, prefix: str, first: str, last: str) -> str:
    """Fills the five fields of the register page (already open) with a fresh member and submits; the username."""
    username = unique_username(prefix)
    form = register_form(page)
    form["email"].fill(f"{username}@example.com")
    form["password"].fill(PASSWORD)
    form["username"].fill(username)
    form["first"].fill(first)
    form["last"].fill(last)
    submit_register(page)
    return username


def submit_register(page):
    page.get_by_role("button", name=re.compile(r"^(create (an )?account|register|sign up)$", re.I)).click()


def test_ACC1_register_with_every_field(browsing, base_url):
    """ACC-1: a new member finds the register page from sign in, fills every field, and lands on Today."""
    page = browsing.page()
    visit(page, "/")
    expect(page).to_have_url(re.compile(r"/signin$"))
    page.get_by_role("link", name=re.compile(r"register|create (an )?account|sign up", re.I)).click()
    expect(page).to_have_url(re.compile(r"/register$"))
    username = unique_username("reg")
    form = register_form(page)
    form["email"].fill(f"{username}@example.com")
    form["password"].fill(PASSWORD)
    form["username"].fill(username)
    form["first"].fill("Ada")
    form["last"].fill("Lovelace")
    page.get_by_text("More about you (optional)").click()  # issue 29: the optional fields are folded away
    choose(page, r"^gender", r"^non-binary")
    field(page, r"date of birth").fill("1990-04-01")
    choose(page, r"education", r"^master")
    field(page, r"^phone").fill("+14155550123")
    submit_register(page)
    expect(page).to_have_url(SIGNED_IN)
    expect(page.get_by_role("heading", level=1, name="Today")).to_be_visible()

    session = sign_in_api(base_url, username, PASSWORD)
    assert session.status_code == 201, session.text
    me = session.json()["account"]
    assert (me["email"], me["username"], me["firstName"], me["lastName"]) == \
        (f"{username}@example.com", username, "Ada", "Lovelace")
    assert (me["gender"], me["dateOfBirth"], me["educationLevel"], me["phone"]) == \
        ("nonBinary", "1990-04-01", "master", "+14155550123")


def test_ACC1_optional_fields_are_optional(browsing, base_url):
    """ACC-1: gender, date of birth, education and phone may stay empty."""
    page = browsing.page()
    visit(page, "/register")
    username = register_in_one_step(page, "opt", "Bo", "Yin")
    expect(page).to_have_url(SIGNED_IN)
    me = sign_in_api(base_url, username, PASSWORD).json()["account"]
    assert (me["gender"], me["dateOfBirth"], me["educationLevel"], me["phone"]) == (None, None, None, None)


def test_ACC1_registration_is_one_short_step_with_every_error_at_once(browsing, base_url):
    """Issue 29 item 6: registration asks for five fields (the optional profile folded away); the browser checks
    the rules first, in words; what reaches the server wrong comes back with every error beside its field."""
    page = browsing.page()
    visit(page, "/register")
    form = register_form(page)
    for name in ("email", "password", "username", "first", "last"):
        expect(form[name]).to_be_visible()
    expect(field(page, r"^phone")).to_be_hidden()
    expect(field(page, r"date of birth")).to_be_hidden()
    # The browser's own check first: "b!" names the rule, not only a length.
    form["username"].fill("b!")
    message = form["username"].evaluate("e => (e.reportValidity(), e.validationMessage)")
    assert "letters, digits or underscores" in message, message
    # Without the browser's check (a script-less client, or one that skips it): all errors in one answer.
    page.evaluate("document.querySelector('form.register-form').noValidate = true")
    form["email"].fill("not-an-address")
    form["password"].fill("short")
    form["first"].fill("Dee")
    submit_register(page)
    form = register_form(page)
    for name, rule in (("email", r"valid address"), ("username", r"3 to 30 letters, digits or underscores"),
                       ("password", r"at least 8 characters"), ("last", r"last name")):
        expect(form[name]).to_have_attribute("aria-invalid", "true")
        expect(form[name]).to_have_accessible_description(re.compile(rule, re.I))
    expect(form["first"]).to_have_value("Dee")
    expect(form["username"]).to_have_value("b!")
    expect(form["first"]).not_to_have_attribute("aria-invalid", "true")


def test_ACC1_validation_error_next_to_field_keeps_input(browsing, base_url, member):
    """ACC-1: a username taken (in other capitals) is refused; the message sits with the Username field
    (aria-invalid and its accessible description) and every other field keeps what was typed."""
    page = browsing.page()
    visit(page, "/register")
    email = f"{unique_username('x')}@example.com"
    form = register_form(page)
    form["email"].fill(email)
    form["password"].fill(PASSWORD)
    form["username"].fill(member.username.upper())
    form["first"].fill("Cleo")
    form["last"].fill("Patra")
    page.get_by_text("More about you (optional)").click()
    field(page, r"^phone").fill("+442071838750")
    submit_register(page)

    form = register_form(page)
    expect(form["username"]).to_have_attribute("aria-invalid", "true")
    expect(form["username"]).to_have_accessible_description(re.compile(r"taken|in use|already|exists", re.I))
    expect(form["email"]).to_have_value(email)
    expect(form["username"]).to_have_value(member.username.upper())
    expect(form["first"]).to_have_value("Cleo")
    expect(form["last"]).to_have_value("Patra")
    expect(field(page, r"^phone")).to_have_value("+442071838750")
    for name in ("email", "first", "last"):
        expect(form[name]).not_to_have_attribute("aria-invalid", "true")

    # the person fixes it and goes on
    fixed = unique_username("fix")
    form["username"].fill(fixed)
    if not form["password"].input_value():
        form["password"].fill(PASSWORD)
    submit_register(page)
    expect(page).to_have_url(SIGNED_IN)
    assert sign_in_api(base_url, fixed, PASSWORD).status_code == 201


def test_ACC2_sign_in_with_email_and_wrong_password(browsing, member):
    """ACC-2: a wrong password is refused with a message; the email works as the login."""
    page = browsing.page()
    visit(page, "/signin")
    field(page, r"^(email or username|username or email|login)").fill(member.email)
    field(page, r"^password").fill("not the password")
    page.get_by_role("button", name=re.compile(r"^sign in$", re.I)).click()
    expect(page.get_by_role("alert").or_(page.locator(".field-error, .form-error")).first).to_contain_text(
        re.compile(r"not correct|incorrect|wrong|invalid|not match|didn.t match", re.I))
    expect(field(page, r"^(email or username|username or email|login)")).to_have_value(member.email)
    sign_in(page, member.email, member.password)


def test_ACC2_sign_out_asks_first(page, member):
    """ACC-2: Sign out asks for confirmation, then ends the session: pages send the person to sign in."""
    header_link(page, "Sign out").click()
    # the question: the script's dialog or the server's page; either way a "Sign out" button confirms
    asked = asked_first(page, r"^sign out$", timeout=1000)
    if not asked:
        expect(page).to_have_url(re.compile(r"/signout$"))
        page.get_by_role("main").get_by_role("button", name=re.compile(r"^sign out$", re.I)).click()
    expect(page).to_have_url(re.compile(r"/signin"))
    visit(page, "/today")
    expect(page).to_have_url(re.compile(r"/signin"))


def test_ACC4_change_password(page, member, base_url):
    """ACC-4: changing the password needs the current one; the new one works, the old does not, other sessions
    end and this one stays."""
    visit(page, "/settings/password")
    new_password = "a brand new secret"
    field(page, r"^current password$").fill("wrong current password")
    field(page, r"^new password$").fill(new_password)
    confirm = field(page, r"^(confirm|repeat|new password again)")
    if confirm.count():
        confirm.fill(new_password)
    page.get_by_role("button", name=re.compile(r"change password|save", re.I)).click()
    expect(field(page, r"^current password$")).to_have_attribute("aria-invalid", "true")
    assert sign_in_api(base_url, member.username, new_password).status_code == 401

    field(page, r"^current password$").fill(member.password)
    field(page, r"^new password$").fill(new_password)
    if confirm.count():
        confirm.fill(new_password)
    page.get_by_role("button", name=re.compile(r"change password|save", re.I)).click()
    expect(page.get_by_text(re.compile(r"password (was |has been )?changed", re.I)).first).to_be_visible()
    assert sign_in_api(base_url, member.username, new_password).status_code == 201
    assert sign_in_api(base_url, member.username, member.password).status_code == 401
    assert member.api.http.get(base_url + "/api/v1/me").status_code == 401, "other sessions did not end"
    visit(page, "/today")
    expect(page).to_have_url(SIGNED_IN)


def test_ACC5_access_token_shown_once_then_revoked(page, member, base_url):
    """ACC-5: a new access token's secret is shown once; it works; revoking it ends it."""
    visit(page, "/settings/tokens")
    field(page, r"^name").fill("Backup script")
    page.get_by_role("button", name=re.compile(r"^(create|new|add)( access)? token$|^create$", re.I)).click()
    expect(page.locator("#new-secret")).to_be_visible()
    secret_pattern = re.compile(r"\b(dpat_[A-Za-z0-9_-]{43})")
    found = secret_pattern.search(page.content())
    assert found, "the new token's secret is not on the page"
    secret = found.group(1)
    assert Api(base_url, secret).http.get(base_url + "/api/v1/me").status_code == 200

    # Issue 34: the form redirects, so reloading the page that shows the secret makes no second token.
    page.reload()
    expect(page.get_by_text("Backup script").first).to_be_visible()
    assert not secret_pattern.search(page.content()), "the secret is shown a second time"
    tokens = Api(base_url, secret).http.get(base_url + "/api/v1/tokens").json()["tokens"]
    assert [t["name"] for t in tokens].count("Backup script") == 1, tokens

    visit(page, "/settings/tokens")
    assert not secret_pattern.search(page.content()), "the secret is shown a second time"
    expect(page.get_by_text("Backup script").first).to_be_visible()
    page.get_by_role("button", name=re.compile(r"revoke", re.I)).first.click()
    asked_first(page, r"revoke")  # revoking may ask first
    expect(page.get_by_role("main").get_by_text("Backup script")).to_have_count(0)
    assert Api(base_url, secret).http.get(base_url + "/api/v1/me").status_code == 401


def test_ACC7_theme_changes_in_preferences(page, member):
    """ACC-7, VIEW-5: choosing the dark theme sets html[data-theme] and stays after a reload."""
    visit(page, "/settings/preferences")
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-theme", "dark")
    choose(page, r"^theme", r"^dark")
    page.get_by_role("button", name=re.compile(r"^save", re.I)).click()
    expect(html).to_have_attribute("data-theme", "dark")
    visit(page, "/today")
    expect(html).to_have_attribute("data-theme", "dark")
    assert member.api.me()["preferences"]["theme"] == "dark"
    visit(page, "/settings/preferences")
    choose(page, r"^theme", r"^light")
    page.get_by_role("button", name=re.compile(r"^save", re.I)).click()
    expect(html).to_have_attribute("data-theme", "light")


def test_ACC1_a_new_member_is_offered_a_tour_and_removes_it_in_one_tap(browsing, base_url):
    """Issue 29 item 6: a new member lands on Today with an offer of a tour (their account stays as they made it
    until they accept); accepting adds a "Getting started" list with three example tasks due today (quick add,
    Undo, subtasks); one tap removes the tour (its list goes to the trash). "No thanks" hides the offer."""
    page = browsing.page()
    visit(page, "/register")
    username = register_in_one_step(page, "tour", "Tia", "Ng")
    expect(page).to_have_url(SIGNED_IN)
    api = Api(base_url, sign_in_api(base_url, username, PASSWORD).json()["token"])
    assert [entry["name"] for entry in api.lists()] == ["Inbox"] and api.tasks() == []
    offer = page.get_by_role("region", name="Welcome to Doable, Tia")
    offer.get_by_role("button", name="Show me around", exact=True).click()
    tour = page.get_by_role("region", name="Your tour of Doable")
    expect(tour).to_be_visible()
    rows = page.locator("#main li.task[data-parent-id=\"\"]")
    expect(rows).to_have_count(3)
    expect(page.get_by_role("link", name="Tick this one done, then press Undo", exact=True)).to_be_visible()
    tour_list = next(entry for entry in api.lists() if entry["name"] == "Getting started")
    assert len(api.tasks(list=tour_list["id"])) == 5
    visit(page, f"/lists/{tour_list['id']}")
    expect(page.get_by_text("0 of 2 subtasks done")).to_be_visible()
    visit(page, "/today")
    page.get_by_role("region", name="Your tour of Doable").get_by_role("button", name="Remove the tour").click()
    expect(page.get_by_role("region", name="Your tour of Doable")).to_have_count(0)
    expect(rows).to_have_count(0)
    assert [entry["name"] for entry in api.lists() if entry["name"] == "Getting started"] == []
    assert [entry["name"] for entry in api.trash()["lists"]] == ["Getting started"]
    # With nothing again, the offer is back; "No thanks" hides it for good in this browser.
    offer = page.get_by_role("region", name="Welcome to Doable, Tia")
    offer.get_by_role("button", name="No thanks", exact=True).click()
    expect(page.get_by_role("region", name="Welcome to Doable, Tia")).to_have_count(0)
    visit(page, "/today")
    expect(page.get_by_role("region", name="Welcome to Doable, Tia")).to_have_count(0)
    assert [entry["name"] for entry in api.lists()] == ["Inbox"]


def test_ACC3_today_asks_gently_for_the_optional_profile(page, member):
    """Issue 29 item 6: the optional profile fields left registration; Today mentions them at its foot once the
    member has tasks, links to the profile, and "Not now" hides the line; filling one in ends it too."""
    member.api.create_task("Water the plants", member.inbox_id)
    visit(page, "/today")
    prompt = page.get_by_role("complementary", name="Your profile")
    expect(prompt).to_contain_text("Complete your profile")
    expect(prompt.get_by_role("link", name="add more about you")).to_have_attribute("href", "/settings")
    prompt.get_by_role("button", name="Not now", exact=True).click()
    expect(page.get_by_role("complementary", name="Your profile")).to_have_count(0)
    visit(page, "/today")
    expect(page.get_by_role("complementary", name="Your profile")).to_have_count(0)


def test_ACC3_the_profile_prompt_ends_once_a_field_is_filled(page, member):
    member.api.create_task("Water the plants", member.inbox_id)
    member.api.patch_me(phone="+14155550123")
    visit(page, "/today")
    expect(page.get_by_role("complementary", name="Your profile")).to_have_count(0)
