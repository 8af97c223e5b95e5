"""INTEROP-5 in the browser: Settings → "Import and export", a Todoist CSV chosen, the preview (a dry run) with the
tasks that would be made and what would be skipped and why, "Import N tasks", then the link to the new list, which
shows the tasks. At 360 and 1280 px, with axe on the preview and the result; and the same without JavaScript, with
a refused file shown by its field."""
import re

from playwright.sync_api import expect

from ui import check_no_sideways_scroll, describe, serious, sign_in, visit

CSV = """TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE
task,Plan the garden @home,Raised beds this year,4,1,Ann (1),,2031-03-01,en,UTC
task,Buy seeds,,3,2,Ann (1),,,en,UTC
task,Sharpen the shears,,1,1,Ann (1),,whenever it stops raining,en,UTC
task,,,1,1,Ann (1),,,en,UTC
"""


def garden_file(tmp_path):
    path = tmp_path / "garden.csv"
    path.write_text(CSV, encoding="utf-8")
    return path


def test_INTEROP5_preview_then_import_then_see_the_tasks(page, member, tmp_path):
    visit(page, "/settings")
    page.get_by_role("navigation", name="Settings").get_by_role("link", name="Import and export").click()
    expect(page).to_have_url(re.compile(r"/import$"))
    expect(page.get_by_role("heading", name="Import tasks")).to_be_visible()
    expect(page.get_by_role("link", name="Download tasks (CSV)")).to_be_visible()
    # Nothing chosen yet: the page says so by the file field.
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#f-file-error")).to_have_text("Choose a file to import.")
    expect(page.get_by_label("File")).to_have_attribute("aria-invalid", "true")
    found = serious(page, "/import/preview (no file)")

    page.get_by_label("File").set_input_files(str(garden_file(tmp_path)))
    page.get_by_label("Name of the new list").fill("Garden")
    page.get_by_role("button", name="Preview").click()
    expect(page).to_have_url(re.compile(r"/import/preview$"))
    expect(page.get_by_role("heading", name="Preview")).to_be_visible()
    expect(page.locator(".import-summary")).to_contain_text("3 tasks will be imported into a new list “Garden”")
    tasks = page.get_by_role("table", name="Tasks to import")
    expect(tasks.get_by_role("row")).to_have_count(4)  # the header and three tasks
    expect(tasks.get_by_role("row").filter(has_text="Buy seeds")).to_contain_text("Plan the garden")
    skipped = page.get_by_role("table", name="Skipped, and why")
    expect(skipped.get_by_role("row").filter(has_text="Line 5")).to_contain_text("The task has no title.")
    expect(skipped.get_by_role("row").filter(has_text="Line 4")).to_contain_text("whenever it stops raining")
    check_no_sideways_scroll(page)
    found += serious(page, "/import/preview")
    # Nothing is saved by the preview.
    assert member.api.list_named("Garden") is None

    page.get_by_role("button", name="Import 3 tasks").click()
    expect(page).to_have_url(re.compile(r"/import$"))
    expect(page.locator(".import-summary")).to_contain_text("Imported 3 tasks into “Garden”")
    check_no_sideways_scroll(page)
    found += serious(page, "/import (the result)")
    page.get_by_role("link", name="Open “Garden”").click()
    expect(page).to_have_url(re.compile(r"/lists/[0-9a-f-]{36}"))
    expect(page.get_by_role("heading", name="Garden", level=1)).to_be_visible()
    for title in ("Plan the garden", "Buy seeds", "Sharpen the shears"):
        expect(page.locator("#main").get_by_role("link", name=title, exact=True)).to_be_visible()
    garden = member.api.list_named("Garden")
    assert garden and sorted(member.api.titles(list=garden["id"])) == ["Buy seeds", "Plan the garden",
                                                                         "Sharpen the shears"]
    assert not found, describe(found)


def test_INTEROP5_import_without_javascript_and_a_refused_file(browsing, member, tmp_path):
    """The same forms without the page's script (axe needs it, so the JavaScript test runs axe)."""
    page = browsing.page(javascript=False)
    sign_in(page, member.username, member.password)
    visit(page, "/import")
    # No file chosen: the page says so by the file field.
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#f-file-error")).to_have_text("Choose a file to import.")
    expect(page.get_by_label("File")).to_have_attribute("aria-invalid", "true")
    wrong = tmp_path / "notes.csv"
    wrong.write_text("name,due\nMilk,today\n", encoding="utf-8")
    page.get_by_label("File").set_input_files(str(wrong))
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#f-file-error")).to_contain_text("This is not a Todoist CSV export")

    page.get_by_label("File").set_input_files(str(garden_file(tmp_path)))
    page.get_by_label("Import into").select_option(label="Inbox")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator(".import-summary")).to_contain_text("3 tasks will be imported into “Inbox”")
    page.get_by_role("button", name="Import 3 tasks").click()
    expect(page.locator(".import-summary")).to_contain_text("Imported 3 tasks into “Inbox”")
    assert sorted(member.api.titles(list=member.inbox_id)) == ["Buy seeds", "Plan the garden", "Sharpen the shears"]
