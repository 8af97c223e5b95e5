"""VIEW-5: the app honours `prefers-reduced-motion`. With no preference the Undo toast slides and fades in; asked for
reduced motion, it appears at once with nothing animating. The rest of the suite runs with reduced motion (conftest),
so that no check meets a half-faded toast; this is the one test that watches the motion itself."""
from playwright.sync_api import expect

from doable_web import days_from_today
from ui import check_box, settle, sign_in, toast, visit

ANIMATIONS = "() => document.getAnimations().map(a => a.animationName || a.transitionProperty || 'unnamed')"


def complete_with_toast(page, member, title):
    member.api.create_task(title, due=days_from_today(0))
    visit(page, "/today")
    check_box(page, title).click()
    expect(toast(page)).to_contain_text(f"Completed '{title}'")


def test_VIEW5_toast_fades_in_without_a_motion_preference(browsing, member):
    page = browsing.page(reduced_motion="no-preference")
    sign_in(page, member.username, member.password)
    complete_with_toast(page, member, "Water the plants")
    assert page.evaluate("getComputedStyle(document.getElementById('toast')).animationName") == "toast-in"
    settle(page)  # the helper every axe check uses waits the fade out
    expect(toast(page)).to_have_css("opacity", "1")
    assert page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length") == 0


def test_VIEW5_toast_appears_at_once_with_reduced_motion(browsing, member):
    page = browsing.page(reduced_motion="reduce")
    sign_in(page, member.username, member.password)
    complete_with_toast(page, member, "Feed the cat")
    assert page.evaluate("getComputedStyle(document.getElementById('toast')).animationName") == "none"
    assert page.evaluate(ANIMATIONS) == [], "nothing animates when the member asked for reduced motion"
    expect(toast(page)).to_have_css("opacity", "1")
