"""Security of the pages (issue 11): CSRF, escaping, cookie flags and CSP, and friendly error pages."""
import re
import uuid

from playwright.sync_api import expect

from ui import reveal, sign_in, visit, quick_add_box


def csrf_of(page):
    return page.locator("input[name=_csrf]").first.get_attribute("value")


def test_security_CSRF_post_without_token_is_refused(page, member):
    """A POST to a form URL with the session cookie but without `_csrf`, or with a wrong one, answers 403 and
    changes nothing; the same POST with the page's token works (so the refusal is the token's doing)."""
    request = page.context.request  # shares the browser's cookies, the session among them
    lists_before = len(member.api.lists())
    refused = [
        request.post("/lists", form={"name": "No token", "color": "red"}, max_redirects=0),
        request.post("/lists", form={"name": "Wrong token", "color": "red", "_csrf": "x" * 43}, max_redirects=0),
        request.post("/tasks", form={"text": "Sneaky task"}, max_redirects=0),
        request.post("/tasks", form={"text": "Sneaky task", "_csrf": csrf_of(page)[::-1]}, max_redirects=0),
    ]
    for response in refused:
        assert response.status == 403, f"{response.url} answered {response.status}"
        assert "text/html" in response.headers.get("content-type", "")
    assert len(member.api.lists()) == lists_before
    assert member.api.tasks(q="Sneaky") == []

    accepted = request.post("/tasks", form={"text": "Honest task", "_csrf": csrf_of(page)}, max_redirects=0)
    assert accepted.status in (303, 200), accepted.status
    assert [t["title"] for t in member.api.tasks(q="Honest")] == ["Honest task"]


def test_security_escaping_titles_and_list_names(page, member):
    """Titles and names are text, never markup: a task "<script>alert(1)</script>" and a list
    "\"><img src=x onerror=alert(1)>" show as typed, no dialog opens and no <img src=x> exists."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    script_title = "<script>alert(1)</script>"
    img_name = "\"><img src=x onerror=alert(1)>"
    lst = member.api.create_list(img_name, "red")
    task = member.api.create_task(script_title, lst["id"], notes=script_title, due=None)
    member.api.create_task("Sub " + img_name, lst["id"], parentId=task["id"])
    for path in (f"/lists/{lst['id']}", f"/tasks/{task['id']}", "/lists", "/search?q=script",
                 f"/lists/{lst['id']}/edit", "/today"):
        visit(page, path)
        assert page.locator("img[src=x], img[src='x']").count() == 0, f"an <img src=x> on {path}"
        assert page.locator("main script").count() == 0, f"a <script> in main on {path}"
    visit(page, f"/lists/{lst['id']}")
    expect(page.get_by_role("link", name=script_title, exact=True)).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_contain_text(img_name)
    in_sidebar = page.get_by_role("navigation", name="Main").get_by_text(img_name)
    reveal(page, in_sidebar)
    visit(page, f"/tasks/{task['id']}")
    expect(page.get_by_role("heading", level=1)).to_contain_text(script_title)
    # quick add and the chips' preview escape too
    quick = quick_add_box(page)
    quick.fill("<img src=x onerror=alert(2)> tomorrow")
    expect(page.get_by_role("list", name="Recognised in the text").get_by_role("listitem")).to_have_count(1)
    quick.press("Enter")
    expect(quick).to_have_value("")
    assert page.locator("img[src=x]").count() == 0
    assert dialogs == [], f"a script ran: {dialogs}"


def test_security_cookies_flagged_and_csp(browsing, member):
    """The session cookie is HttpOnly and SameSite=Lax; pages carry a Content-Security-Policy whose scripts
    exclude 'unsafe-inline'."""
    page = browsing.page()
    with page.expect_response(lambda r: r.url.endswith("/signin") and r.request.method == "POST") as answer:
        sign_in(page, member.username, member.password)
    set_cookies = [h["value"] for h in answer.value.headers_array() if h["name"].lower() == "set-cookie"]
    session = [c for c in set_cookies if re.match(r"\s*[^=]*session[^=]*=", c, re.I)]
    assert session, f"no session cookie among {set_cookies}"
    for cookie in session:
        attributes = [part.strip().lower() for part in cookie.split(";")[1:]]
        assert "httponly" in attributes, cookie
        assert "samesite=lax" in attributes, cookie
    name = session[0].split("=", 1)[0].strip()
    stored = next(c for c in page.context.cookies() if c["name"] == name)
    assert stored["httpOnly"] and stored["sameSite"] == "Lax", stored
    assert page.evaluate("document.cookie").find(name) == -1, "the session cookie is readable by scripts"

    response = visit(page, "/today")
    policy = response.headers.get("content-security-policy")
    assert policy, "no Content-Security-Policy header"
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    scripts = directives.get("script-src", directives.get("default-src"))
    assert scripts is not None, policy
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, policy
    assert "'unsafe-inline'" not in directives.get("style-src", []), policy
    stranger = browsing.page()
    for path in ("/signin", "/register"):
        policy = visit(stranger, path).headers.get("content-security-policy", "")
        assert "script-src" in policy or "default-src" in policy, f"{path}: {policy!r}"


def assert_friendly_404(page, path):
    response = visit(page, path)
    assert response.status == 404, f"{path} answered {response.status}"
    assert response.headers.get("content-type", "").startswith("text/html"), response.headers.get("content-type")
    body = page.content()
    assert '{"error"' not in body and not re.search(r"Traceback|Fatal error|\.swift:\d+|stack", body), body[:500]
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    back = page.get_by_role("main").get_by_role("link", name=re.compile(r"back|today|home|sign in", re.I))
    expect(back.first).to_be_visible()


def test_Q7_errors_friendly_404_pages(page, browsing):
    """/nonexistent and /tasks/<random uuid> show a friendly HTML page: 404, a link back, no JSON, no stack."""
    assert_friendly_404(page, "/nonexistent")
    assert_friendly_404(page, f"/tasks/{uuid.uuid4()}")
    assert_friendly_404(page, f"/lists/{uuid.uuid4()}")
    stranger = browsing.page()
    assert_friendly_404(stranger, "/nonexistent")
