import DoableArt

/// The web app's icons (docs/design.md, "Icons"): line icons drawn for Doable on a 24-unit grid, kept in one
/// sprite (`Resources/web/icons.svg`) that browsers fetch once and cache with the other assets. Stroke, width and
/// colour come from the page's `.icon` rule, so an icon takes the colour of the text beside it. An icon is always
/// decoration beside a word or an accessible name, never the only way to know what a control does.
enum Icon: String, Sendable {
    case today, upcoming, overdue, assigned, calendar, completed, stats, market, game, search, labels, trash
    case inbox, lists, plus, menu, bell, settings, signout, more, close, person, plans, filter, copy, share, repeats, flag
    case download

    var html: HTML {
        """
        <svg class="icon" aria-hidden="true" focusable="false"><use href="\(WebAssets.shared.url("icons.svg"))#\(rawValue)"></use></svg>
        """
    }
}
