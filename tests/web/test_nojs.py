"""Every core flow works with JavaScript off: forms post and the server answers with a redirect."""
import re

from playwright.sync_api import expect

from doable_web import PASSWORD, sign_in_api, unique_username
from test_accounts import register_form, submit_register
from ui import eventually, visit, quick_add_box


def test_ACC1_TASK3_nojs_register_add_complete_undo(browsing, base_url):
    """ACC-1, TASK-1, TASK-3, TASK-8 without JavaScript: register, add a task with quick add, complete it with
    its checkbox button, and Undo from the toast the next page shows."""
    page = browsing.page(javascript=False)
    visit(page, "/register")
    username = unique_username("nojs")
    form = register_form(page)
    form["email"].fill(f"{username}@example.com")
    form["password"].fill(PASSWORD)
    form["username"].fill(username)
    form["first"].fill("No")
    form["last"].fill("Script")
    submit_register(page)
    expect(page).to_have_url(re.compile(r"/today$"))
    from doable_web import Api
    api = Api(base_url, sign_in_api(base_url, username, PASSWORD).json()["token"])

    quick = quick_add_box(page)
    quick.fill("Post letter today !high")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page).to_have_url(re.compile(r"/today$"))
    expect(page.get_by_role("link", name="Post letter", exact=True)).to_be_visible()
    task = eventually(lambda: next((t for t in api.tasks() if t["title"] == "Post letter"), None))
    assert task["priority"] == "high", task

    page.get_by_role("checkbox", name="Mark 'Post letter' as done", exact=True).click()
    expect(page).to_have_url(re.compile(r"/today$"))
    assert api.task(task["id"])["status"] == "completed"
    toast = page.get_by_role("status")
    expect(toast).to_contain_text("Completed 'Post letter'")
    toast.get_by_role("button", name="Undo", exact=True).click()
    assert api.task(task["id"])["status"] == "pending"
    expect(page.get_by_role("checkbox", name="Mark 'Post letter' as done", exact=True)).to_be_visible()


def test_TASK8_nojs_delete_asks_on_a_page(browsing, member):
    """TASK-8 without JavaScript: Delete answers with a confirmation page whose button deletes."""
    from ui import sign_in
    lst = member.api.create_list("Old stuff", "gray")
    task = member.api.create_task("Broken lamp", lst["id"])
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    visit(page, f"/lists/{lst['id']}")
    page.get_by_label("Actions for 'Broken lamp'", exact=True).click()
    page.locator(f"#task-{task['id']}").get_by_role("button", name="Delete", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile(r"delete", re.I))
    assert member.api.task(task["id"]) is not None and not member.api.trash()["tasks"]
    page.get_by_role("main").get_by_role("button", name=re.compile(r"^delete", re.I)).click()
    assert [t["id"] for t in member.api.trash()["tasks"]] == [task["id"]]


def test_TASK1_nojs_quick_add_offers_to_create_an_unknown_list(browsing, member):
    """Issue 29 item 4 without JavaScript: the refused line comes back in quick add with the reason and the offer
    as a button; pressing it makes the list and adds the task."""
    from ui import sign_in
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    quick = quick_add_box(page)
    quick.fill("Prune the trees #Orchard")
    page.get_by_role("button", name="Add", exact=True).click()
    quick = quick_add_box(page)
    expect(quick).to_have_value("Prune the trees #Orchard")
    expect(page.get_by_role("alert").filter(has_text="There is no list named 'Orchard'")).to_be_visible()
    assert member.api.list_named("Orchard") is None
    page.get_by_role("button", name="Create list 'Orchard'", exact=True).click()
    orchard = eventually(lambda: member.api.list_named("Orchard"))
    assert [t["title"] for t in member.api.tasks(list=orchard["id"])] == ["Prune the trees"]
    expect(page.get_by_role("button", name="Create list 'Orchard'", exact=True)).to_have_count(0)
