"""Issue 10, findings 7, 8, 9 and 10 (ACC-2, ACC-4, ACC-5, OPS-5), against a real `doable serve`:

  7. the per-account lock is keyed on the account, so no spelling of the login (spaces, case, email for username)
     gets around it, and a locked account cannot be signed in to even with the right password;
  8. re-checks of the current password (PUT /me/password, DELETE /me) count against the same lock;
  9. "sign out everywhere" and a password change end access tokens and app passwords too, at once (the password
     change keeps the caller's session);
 10. behind a trusted proxy each client is told apart by X-Forwarded-For (and only behind one): a guesser's
     failures slow its own address down, boundedly, and lock nobody else out.
Runs on whatever engine DOABLE_DATABASE_URL selects (SQLite when unset).
"""
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import requests

from liveserver import Checks, LiveServer, register

results = Checks()
check = results.check


def sign_in(base: str, login: str, password: str, forwarded_for: str | None = None) -> requests.Response:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return requests.post(base + "/api/v1/sessions", json={"login": login, "password": password}, headers=headers,
                         timeout=30)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def account_lock(base: str) -> None:
    register(base, "spelled", "right password")
    for login in ["spelled", " spelled", "SPELLED@example.com", "spelled ", "Spelled"]:
        response = sign_in(base, login, "wrong password")
        check(response.status_code == 401, f"wrong password as {login!r}: 401", response.text)
    for login in ["spelled", "spelled@example.com", "  SPELLED  ", "Spelled@Example.com"]:
        response = sign_in(base, login, "right password")
        check(response.status_code == 429 and int(response.headers.get("Retry-After", "0")) > 0,
              f"finding 7: locked account refuses the right password as {login!r}", f"{response.status_code}")
    register(base, "neighbour", "right password")
    check(sign_in(base, "neighbour", "right password").status_code == 201, "another account is not locked")


def password_rechecks(base: str) -> None:
    token = register(base, "rechecked", "right password")["token"]
    for index in range(3):
        response = requests.put(base + "/api/v1/me/password", headers=bearer(token), timeout=10,
                                json={"currentPassword": f"guess {index}", "newPassword": "new password"})
        check(response.status_code == 403, f"wrong current password {index + 1}: 403")
    for index in range(2):
        response = requests.delete(base + "/api/v1/me", headers=bearer(token), timeout=10,
                                   json={"password": f"guess {index}"})
        check(response.status_code == 403, f"wrong password to delete the account {index + 1}: 403")
    change = requests.put(base + "/api/v1/me/password", headers=bearer(token), timeout=10,
                          json={"currentPassword": "right password", "newPassword": "new password"})
    check(change.status_code == 429, "finding 8: after 5 wrong re-checks the right one is refused 429", change.text)
    delete = requests.delete(base + "/api/v1/me", headers=bearer(token), timeout=10, json={"password": "right password"})
    check(delete.status_code == 429, "finding 8: deleting the account is refused 429 too", delete.text)
    check(sign_in(base, "rechecked", "right password").status_code == 429, "finding 8: and so is signing in")
    check(requests.get(base + "/api/v1/me", headers=bearer(token), timeout=10).status_code == 200,
          "the account is still there")


def credentials_end(base: str) -> None:
    session = register(base, "everywhere", "right password")["token"]
    second = sign_in(base, "everywhere", "right password").json()["token"]
    token = requests.post(base + "/api/v1/tokens", headers=bearer(session), json={"name": "CLI"}, timeout=10).json()
    app = requests.post(base + "/api/v1/tokens", headers=bearer(session), json={"name": "Phone", "kind": "appPassword"},
                        timeout=10).json()
    secrets = {"the session": session, "another session": second, "an access token": token["secret"],
               "an app password": app["secret"]}
    for name, secret in secrets.items():
        check(requests.get(base + "/api/v1/me", headers=bearer(secret), timeout=10).status_code == 200,
              f"{name} works before")
    check(requests.delete(base + "/api/v1/sessions", headers=bearer(session), timeout=10).status_code == 204,
          "sign out everywhere: 204")
    for name, secret in secrets.items():
        status = requests.get(base + "/api/v1/me", headers=bearer(secret), timeout=10).status_code
        check(status == 401, f"finding 9: {name} ends with sign out everywhere", f"{status}")

    current = sign_in(base, "everywhere", "right password").json()["token"]
    other = sign_in(base, "everywhere", "right password").json()["token"]
    token = requests.post(base + "/api/v1/tokens", headers=bearer(current), json={"name": "CLI"}, timeout=10).json()
    app = requests.post(base + "/api/v1/tokens", headers=bearer(current), json={"name": "Phone", "kind": "appPassword"},
                        timeout=10).json()
    change = requests.put(base + "/api/v1/me/password", headers=bearer(current), timeout=10,
                          json={"currentPassword": "right password", "newPassword": "another password"})
    check(change.status_code == 204, "password change: 204", change.text)
    check(requests.get(base + "/api/v1/me", headers=bearer(current), timeout=10).status_code == 200,
          "the password change keeps the caller's session")
    for name, secret in {"another session": other, "an access token": token["secret"],
                         "an app password": app["secret"]}.items():
        status = requests.get(base + "/api/v1/me", headers=bearer(secret), timeout=10).status_code
        check(status == 401, f"finding 9: {name} ends with the password change", f"{status}")


def live_stream_ends(base: str) -> None:
    """Finding 9's neighbour: an open event stream of an access token ends within a second of sign out everywhere."""
    import threading
    session = register(base, "streamer", "right password")["token"]
    token = requests.post(base + "/api/v1/tokens", headers=bearer(session), json={"name": "feed"}, timeout=10).json()
    ended = {}
    opened = threading.Event()

    def read():
        with requests.get(base + "/api/v1/events", headers=bearer(token["secret"]), stream=True, timeout=30) as stream:
            chunks = stream.iter_content(chunk_size=None)
            # The stream listens for its account's changes before it writes its first bytes ("retry: …"), so once
            # they are here sign out reaches it; the headers alone come before it listens.
            next(chunks, None)
            opened.set()
            for _ in chunks:
                pass
        ended["at"] = time.monotonic()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    check(opened.wait(30), "the access token's event stream opened and sent its first bytes")
    signed_out = time.monotonic()
    requests.delete(base + "/api/v1/sessions", headers=bearer(session), timeout=10)
    reader.join(10)
    took = ended.get("at", float("inf")) - signed_out
    check(took < 1.0, f"finding 9: an access token's open event stream ends after sign out everywhere ({took:.2f} s)")


def addresses_behind_a_proxy(base: str) -> None:
    register(base, "office_a", "right password")
    register(base, "office_b", "right password")
    guesser = "203.0.113.66"
    # 25 wrong passwords for accounts that do not exist, from one client behind the proxy (more than the 20 that
    # once locked an address out for 15 minutes). The first ones are free, later ones wait, at most 8 s each.
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(lambda index: sign_in(base, f"nobody{index}", "guess", guesser).status_code, range(25)))
    check(all(status == 401 for status in statuses), "finding 10: a guesser's 25 failures are answered 401, not 429",
          str(statuses))
    took = time.monotonic() - started
    check(took < 20, f"the failures were slowed down boundedly ({took:.1f} s for 25)")

    started = time.monotonic()
    neighbour = sign_in(base, "office_b", "right password", "198.51.100.20")
    took = time.monotonic() - started
    check(neighbour.status_code == 201 and took < 1.0,
          f"finding 10: another client behind the same proxy signs in at once ({took:.2f} s)")
    started = time.monotonic()
    same_address = sign_in(base, "office_a", "right password", guesser)
    took = time.monotonic() - started
    check(same_address.status_code == 201 and took <= 9.5,
          f"finding 10: a member at the guesser's own address is slowed ({took:.1f} s), not locked out",
          f"{same_address.status_code} {same_address.text[:200]}")

    # A spoofed header from a peer that is not a trusted proxy is ignored: covered by the server below, which
    # trusts no proxy; there every X-Forwarded-For is the same (loopback) client.


def spoofing_without_a_trusted_proxy(base: str) -> None:
    register(base, "spoofed", "right password")
    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(lambda index: sign_in(base, f"ghost{index}", "guess", f"192.0.2.{index + 1}"), range(16)))
    started = time.monotonic()
    response = sign_in(base, "spoofed", "right password", "198.51.100.99")
    took = time.monotonic() - started
    check(response.status_code == 201 and took >= 0.2,
          f"finding 10: X-Forwarded-For from an untrusted peer changes nothing: the loopback address waits ({took:.2f} s)")


def unknown_logins_take_as_long(base: str) -> None:
    """Issue 27, finding 6: a login that names no account costs a bcrypt check like a wrong password (the server
    runs at cost 10 here), so the time of the answer does not tell whether an account exists."""
    register(base, "timed_ann", "the right password")

    def timed(login: str, attempt: int) -> float:
        start = time.monotonic()
        response = sign_in(base, login, f"wrong password {attempt}", forwarded_for=None)
        assert response.status_code == 401, response.status_code
        return time.monotonic() - start

    # Taken in turns, so that whatever else the machine is doing (CI runs other checks beside this one) weighs on both
    # alike; 4 of each stays under the account's lock (5) and the address's free failures (10).
    samples = [(timed("timed_ann", i), timed("timed_nobody", i)) for i in range(4)]
    wrong = sorted(pair[0] for pair in samples)[2]
    unknown = sorted(pair[1] for pair in samples)[2]
    results.check(unknown >= 0.5 * wrong, f"an unknown login is answered as slowly as a wrong password "
                  f"(median {unknown * 1000:.1f} ms against {wrong * 1000:.1f} ms)")


def host_prefixed_cookies_over_https(base: str) -> None:
    """Issue 27, finding 3: behind a trusted proxy that says the browser came over HTTPS, the web app's cookies are
    `Secure` and named with the `__Host-` prefix (no sibling origin can set one), and signing in works with them."""
    import re as regex
    register(base, "https_ann", "right password")
    browser = requests.Session()
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"}
    page = browser.get(base + "/signin", headers=https, timeout=10)
    cookie = page.headers.get("Set-Cookie", "")
    check(cookie.startswith("__Host-doable_csrf=") and "Secure" in cookie and "Path=/" in cookie
          and "Domain" not in cookie, "over HTTPS the CSRF nonce cookie is __Host- and Secure", cookie)
    token = regex.search(r'<meta name="csrf-token" content="([^"]+)"', page.text).group(1)
    # requests keeps Secure cookies for https URLs only; send them as a browser on https would.
    jar = "; ".join(f"{c.name}={c.value}" for c in browser.cookies)
    signed = requests.post(base + "/signin", headers={**https, "Cookie": jar}, allow_redirects=False, timeout=10,
                           data={"login": "https_ann", "password": "right password", "_csrf": token})
    session = [c for c in signed.headers.get("Set-Cookie", "").split(", ") if "doable_session" in c]
    check(signed.status_code == 303 and session and session[0].startswith("__Host-doable_session=")
          and "Secure" in session[0], "signing in over HTTPS sets a __Host- session cookie",
          f"{signed.status_code} {signed.headers.get('Set-Cookie')}")
    plain = requests.post(base + "/signin", headers={**https, "Cookie": jar.replace("__Host-", "")},
                          allow_redirects=False, timeout=10,
                          data={"login": "https_ann", "password": "right password", "_csrf": token})
    check(plain.status_code == 403, "over HTTPS a cookie without the prefix (one a sibling could set) is not the nonce",
          f"{plain.status_code}")


def main() -> int:
    with LiveServer() as server:
        account_lock(server.base)
        password_rechecks(server.base)
        credentials_end(server.base)
        live_stream_ends(server.base)
        spoofing_without_a_trusted_proxy(server.base)
    with LiveServer("--trusted-proxy", "127.0.0.1/32,::1") as server:
        addresses_behind_a_proxy(server.base)
        host_prefixed_cookies_over_https(server.base)
    with LiveServer("--bcrypt-cost", "10") as server:
        unknown_logins_take_as_long(server.base)
    return results.summary()


if __name__ == "__main__":
    sys.exit(main())
