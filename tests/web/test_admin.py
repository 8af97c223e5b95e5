"""MKT-11 in the browser: `doable admin grant` makes a member an admin, who then finds "Marketplace categories" in
the settings and adds, renames, archives and unarchives categories there; a member who is not an admin gets the
app's 404 page. Every flow runs at 360 and 1280 px."""
import os
import re
import subprocess

from playwright.sync_api import expect

from doable_web import register
from ui import sign_in, toast, visit


def admin_command(server, *args: str) -> str:
    """`doable admin …` on the running server's data (its folder, or $DOABLE_DATABASE_URL as the server uses)."""
    done = subprocess.run([server.binary, "admin", *args, "--data-dir", str(server.data_dir)],
                          capture_output=True, text=True, timeout=60, env=os.environ.copy())
    assert done.returncode == 0, f"doable admin {' '.join(args)}: {done.stdout}{done.stderr}"
    return done.stdout


def grant_admin(server, username: str) -> None:
    assert f"{username} is an admin." in admin_command(server, "grant", username)


def category_row(page, name: str):
    return page.locator("li.category").filter(has=page.get_by_label(f"Name of “{name}”", exact=True))


def test_MKT11_an_admin_sets_the_categories_and_sees_them_offered(server, browsing):
    """MKT-11: an admin adds a category, renames it, archives it (the command line lists it as archived) and
    offers it again; "Other" cannot be archived."""
    admin = register(server.base)
    grant_admin(server, admin.username)
    # Categories are the installation's, shared by every test of the session: names of this test's own.
    tag = admin.username[-6:]
    first, second = f"Window cleaning {tag}", f"Windows {tag}"
    page = browsing.page()
    sign_in(page, admin.username, admin.password)
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Marketplace categories").click()
    expect(page).to_have_url(re.compile(r"/admin/categories$"))
    expect(category_row(page, "Other")).to_contain_text("Always offered")
    expect(category_row(page, "Other").get_by_role("button", name=re.compile("^(Archive|Unarchive)"))).to_have_count(0)

    page.get_by_label("New category").fill(first)
    page.get_by_role("button", name="Add category").click()
    expect(toast(page)).to_contain_text(f"Added the category “{first}”")
    expect(page.get_by_label("New category")).to_be_focused()  # the page has refreshed, ready for another
    row = category_row(page, first)
    expect(row).to_be_visible()
    row.get_by_label(f"Name of “{first}”").fill(second)
    row.get_by_role("button", name=f"Rename “{first}”").click()
    expect(toast(page)).to_contain_text(f"Renamed to “{second}”")
    expect(page.get_by_label(f"Name of “{second}”", exact=True)).to_be_focused()
    category_row(page, second).get_by_role("button", name=f"Archive “{second}”").click()
    expect(toast(page)).to_contain_text(f"Archived “{second}”")
    expect(category_row(page, second)).to_contain_text("Archived")
    listed = admin_command(server, "categories", "list")
    assert re.search(rf"{second}\s+archived", listed), listed
    category_row(page, second).get_by_role("button", name=f"Unarchive “{second}”").click()
    expect(toast(page)).to_contain_text(f"“{second}” is offered again")
    assert re.search(rf"{second}\s+offered", admin_command(server, "categories", "list"))

    # A blank name is refused beside its field.
    page.get_by_label("New category").fill("   ")
    page.get_by_role("button", name="Add category").click()
    expect(page.locator("#category-add [role=alert]")).to_have_text("A category name must be 1 to 40 characters.")


def test_MKT11_members_who_are_not_admins_do_not_find_the_page(page, member):
    """MKT-11: no link in the settings, and the address answers the app's 404 page."""
    visit(page, "/settings")
    expect(page.get_by_role("link", name="Marketplace categories")).to_have_count(0)
    response = page.goto("/admin/categories")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="This page does not exist")).to_be_visible()
