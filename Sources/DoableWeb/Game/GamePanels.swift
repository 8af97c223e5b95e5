import DoableCore
import DoableDomain
import DoableArt

/// GAME in the browser (issue 16): the pieces the game's pages and the Today page share — the companion drawn with
/// what it wears, its level, the streak strip, the buy-back offer, the badges. Everything a colour shows is said in
/// words too (a day's status, the mood), and every drawing has a text alternative.
enum GamePanels {
    /// The companion drawn (`CompanionArt`), with the items it wears; `petted` plays the happy wiggle.
    static func drawing(_ view: GameView, petted: Bool = false) -> HTML {
        let companion = view.profile.companion
        let worn = view.equippedItems.filter { $0.slot.isWorn }
        let wearing = worn.isEmpty ? "" : ", wearing \(GameWords.list(worn.map(\.name)))"
        let title =
            "\(companion.name), \(GameWords.kind(companion)) at level \(view.level), feeling "
            + "\(GameWords.mood(view.mood))\(wearing)"
        return HTML(
            unsafeMarkup: CompanionArt.svg(
                companion: companion, mood: view.mood, level: view.level, worn: worn,
                petted: petted, title: title))
    }

    /// "Level 3 — 40 of 70 XP to level 4" over a progress bar (at the top level, just the level).
    static func level(_ view: GameView, id: String = "level-progress") -> HTML {
        guard view.levelNeeds > 0 else {
            return "<p class=\"game-level\">Level \(view.level): the highest level there is.</p>"
        }
        return """
            <div class="game-level"><label for="\(id)">Level \(view.level) — \(view.levelXP) of \(view.levelNeeds) XP \
            to level \(view.level + 1)</label>
            <progress id="\(id)" max="\(view.levelNeeds)" value="\(view.levelXP)">\(view.levelXP) of \(view.levelNeeds) XP</progress></div>
            """
    }

    /// GAME-4: the days closed lately, oldest first, then today (still open); each says its status in words.
    static func streakStrip(_ view: GameView) -> HTML {
        let days = view.recentDays.html { day in
            cell(
                day.day, status: day.status.rawValue, words: GameWords.status(day.status),
                detail: day.dueCount > 0 || day.doneCount > 0 ? "\(day.doneCount) done" : nil)
        }
        let today = view.today
        let todayWords = today.isOff ? "Day off" : today.isKept ? "Kept so far" : "Still open"
        return """
            <ol class="streak-days" aria-label="Your streak day by day, oldest first" tabindex="0">\(days)\
            \(cell(today.day, status: today.isOff ? "off" : "open", words: "Today: \(todayWords)", detail: nil))</ol>
            """
    }

    private static func cell(_ day: CivilDate, status: String, words: String, detail: String?) -> HTML {
        """
        <li class="streak-day \(status)"><span class="streak-date">\(GameWords.shortDate(day))</span> \
        <span class="streak-status">\(words)</span>\(detail.map { HTML(" <span class=\"visually-hidden\">(\($0))</span>") })</li>
        """
    }

    /// GAME-4: the streak in figures — current, best, and how today stands.
    static func streakTiles(_ view: GameView) -> HTML {
        """
        <dl class="stat-tiles game-tiles">\
        <div class="stat-tile" id="game-streak"><dt>Current streak</dt><dd class="stat-value">\(GameWords.days(view.streak))</dd></div>\
        <div class="stat-tile" id="game-best"><dt>Best streak</dt><dd class="stat-value">\(GameWords.days(view.bestStreak))</dd></div>\
        </dl>
        <p class="game-today">\(GameWords.today(view.today))</p>
        """
    }

    /// GAME-4: a broken streak that can still be bought back: what it costs, until when, and the button.
    static func restoreOffer(_ view: GameView, time: MemberTime, csrf: HTML) -> HTML {
        guard let offer = view.restoreOffer else { return "" }
        let points = view.profile.points
        let short: HTML =
            points < offer.cost
            ? "<p class=\"hint\" id=\"restore-short\">You have \(points) points: \(offer.cost - points) more are needed.</p>"
            : ""
        return """
            <div class="restore-offer" role="group" aria-labelledby="restore-heading">
            <h3 id="restore-heading">Buy back your streak</h3>
            <p>Your \(offer.lostStreak)-day streak broke on \(GameWords.shortDate(offer.day)). Buy it back for \
            \(offer.cost) points before \(GameWords.deadline(offer.deadline, time: time)).</p>
            \(short)
            <form method="post" action="/game/streak/restore">\(csrf)\
            <button type="submit" class="button primary"\(points < offer.cost ? HTML(" aria-describedby=\"restore-short\"") : "")>\
            Buy back the \(offer.lostStreak)-day streak for \(offer.cost) points</button></form>
            </div>
            """
    }

    /// GAME-5: the badges earned, with the date, then those still to earn, each saying what earns it and, where it
    /// is a count, how far the member has come (issue 29: no row of identical grey circles).
    static func badges(_ profile: GameProfile, streak: Int, time: MemberTime) -> HTML {
        let earned = Badge.allCases.compactMap { badge in profile.badges[badge].map { (badge, $0) } }
            .sorted { $0.1 > $1.1 }
        let locked = Badge.allCases.filter { profile.badges[$0] == nil }
        let earnedList: HTML =
            earned.isEmpty
            ? "<p class=\"empty-day\">No badge yet: your first completed task earns one.</p>"
            : """
            <ul class="badges" aria-labelledby="badges-earned-heading">\(earned.html { badge, at in
                """
                <li class="badge is-earned" data-mark="\(badge.mark)"><strong class="badge-title">\(badge.title)</strong> \
                <span class="badge-summary">\(badge.summary)</span> \
                <span class="badge-date">Earned \(time.longWords(time.date(of: at)))</span></li>
                """
            })</ul>
            """
        let lockedItems = locked.html { badge in
            let progress: HTML =
                badge.progress(completed: profile.completedCount, streak: streak).map { value, target, unit in
                    """
                    <span class="badge-progress"><progress max="\(target)" value="\(value)" aria-label="\(badge.title): \(value) of \(target) \(unit)"></progress> \
                    \(value) of \(target) \(unit)</span>
                    """
                } ?? HTML("<span class=\"badge-date\">Not earned yet</span>")
            return """
                <li class="badge is-locked" data-mark="\(badge.mark)"><strong class="badge-title">\(badge.title)</strong> \
                <span class="badge-summary">\(badge.goal)</span> \(progress)</li>
                """
        }
        let lockedList: HTML =
            locked.isEmpty
            ? "<p class=\"empty-day\">You have every badge there is.</p>"
            : "<ul class=\"badges\" aria-labelledby=\"badges-locked-heading\">\(lockedItems)</ul>"
        return """
            <h3 id="badges-earned-heading">Earned</h3>
            \(earnedList)
            <h3 id="badges-locked-heading">Still to earn</h3>
            \(lockedList)
            """
    }

    /// The Today page's panel: a small drawing, the greeting, streak and points, and the way to the game.
    static func today(_ view: GameView) -> HTML {
        let name = view.profile.companion.name
        return """
            <section class="companion-today" aria-labelledby="companion-today-heading">
            <div class="companion companion-small">\(drawing(view))</div>
            <div class="companion-today-text">
            <h2 id="companion-today-heading">\(name)</h2>
            <p class="companion-says">\(view.greeting)</p>
            <p class="companion-facts">Streak \(GameWords.days(view.streak)) · \(view.profile.points) \
            \(view.profile.points == 1 ? "point" : "points") · level \(view.level)</p>
            <p><a href="/game">Visit \(name)</a></p>
            </div>
            </section>
            """
    }
}

/// The Today page's companion panel (VIEW-1, GAME-2): nothing at all while the game is off.
struct GameTodayPanel: Sendable {
    let domain: Domain

    func render(for identity: Identity, context: WebRequestContext) async throws -> HTML? {
        guard identity.account.preferences.gameOptIn else { return nil }
        let view = try await GameNav.view(of: identity, domain: domain)
        return view.isEnabled ? GamePanels.today(view) : nil
    }
}

/// The game in words.
enum GameWords {
    static func species(_ species: Companion.Species) -> String { capitalized(species.rawValue) }

    static func color(_ color: Companion.Color) -> String {
        color == .sky ? "Sky blue" : color == .moss ? "Moss green" : capitalized(color.rawValue)
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// "an amber cat", "a sky blue owl".
    static func kind(_ companion: Companion) -> String {
        let words = "\(color(companion.color).lowercased()) \(companion.species.rawValue)"
        return ("aeiou".contains(words.first ?? "x") ? "an " : "a ") + words
    }

    static func mood(_ mood: Mood) -> String {
        switch mood {
        case .happy: "happy"
        case .neutral: "calm"
        case .sad: "a little sad"
        }
    }

    static func status(_ status: GameDay.Status) -> String {
        switch status {
        case .kept: "Kept"
        case .missed: "Missed"
        case .off: "Day off"
        case .paused: "Game off"
        case .restored: "Bought back"
        }
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    static func today(_ today: TodayProgress) -> String {
        let done = today.done == 1 ? "1 task done" : "\(today.done) tasks done"
        if today.isOff { return "Today is a day off: it neither breaks nor extends your streak (\(done) today)." }
        if today.openDue > 0 {
            let open = today.openDue == 1 ? "1 task due today is" : "\(today.openDue) tasks due today are"
            return "Today: \(open) still open, \(done) so far. Finish \(today.openDue == 1 ? "it" : "them") "
                + "to keep your streak."
        }
        if today.done > 0 { return "Today is kept so far: nothing due is open and \(done)." }
        return "Today: nothing done yet. Complete one task (and everything due today) to keep your streak."
    }

    /// "Tue 24 Nov".
    static func shortDate(_ day: CivilDate) -> String {
        "\(MemberTime.weekdayName(day).prefix(3)) \(day.day) \(MemberTime.monthNames[day.month - 1].prefix(3))"
    }

    /// The last minute before `deadline`, in the member's zone: "Thu 26 Nov 23:59".
    static func deadline(_ deadline: Timestamp, time: MemberTime) -> String {
        let last = deadline.adding(seconds: -60)
        return "\(shortDate(time.date(of: last))) \(time.time(of: last))"
    }

    /// "A, B and C".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// QR-01: what completing a task earned, for its toast: " · +14 points, +14 XP · Pip: “Well done!” Level 4!".
    static func reward(_ reaction: GameReaction?) -> String {
        guard let reaction else { return "" }
        let points = reaction.reward.points, xp = reaction.reward.xp
        var gained = points == 0 ? "no points" : "+\(points) \(points == 1 ? "point" : "points")"
        if xp > 0 { gained += ", +\(xp) XP" }
        var text = " · \(gained) · \(reaction.companionName): “\(reaction.line)”"
        if reaction.leveledUp { text += " Level \(reaction.level)!" }
        if !reaction.badges.isEmpty {
            text += " Badge\(reaction.badges.count == 1 ? "" : "s"): \(reaction.badges.map(\.title).joined(separator: ", "))"
        }
        return text
    }
}
