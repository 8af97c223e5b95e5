import DoableArt

/// ACC-2: signing out asks first.
struct SignOutPage {
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Sign out",
            main: """
                <div class="narrow"><h1>Sign out of Doable?</h1>
                <p>You will need your password to sign in again on this browser.</p>
                <form method="post" action="/signout">\(csrf)
                <button type="submit" class="button primary">Sign out</button> <a class="button" href="/today">Stay signed in</a></form></div>
                """)
    }
}
