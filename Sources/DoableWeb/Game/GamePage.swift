import DoableArt
import DoableCore
import DoableDomain

/// GAME-1..5: the companion's page (`/game`): the companion with its mood, level and points, petting it, the streak
/// (and buying back a broken one), its home with what is placed in it, and the badges.
struct GamePage {
    var view: GameView
    /// Just petted: the drawing shows it.
    var isPetted: Bool
    var time: MemberTime
    var csrf: HTML

    var page: WebPage {
        let companion = view.profile.companion
        let name = companion.name
        let furniture = view.equippedItems.filter { !$0.slot.isWorn }
        let home = CompanionArt.home(companionSVG: GamePanels.drawing(view).markup, furniture: furniture)
        let placed =
            furniture.isEmpty
            ? "Nothing is placed in it yet: furniture and trinkets from the store go here."
            : "In it: \(GameWords.list(furniture.map(\.name)))."
        let main: HTML = """
            <h1>Companion</h1>
            \(GameParts.navigation(current: "game"))
            <section class="companion-panel" aria-labelledby="companion-heading">
            <div class="companion">\(GamePanels.drawing(view, petted: isPetted))</div>
            <div class="companion-about">
            <h2 id="companion-heading">\(name)</h2>
            <p class="companion-kind">\(name) is \(GameWords.kind(companion)), feeling \(GameWords.mood(view.mood)).</p>
            <p class="companion-says">\(view.greeting)</p>
            \(GamePanels.level(view))
            <p class="game-points"><strong>\(view.profile.points)</strong> \
            \(view.profile.points == 1 ? "point" : "points") to spend in the <a href="/game/store">store</a></p>
            <form method="post" action="/game/pet">\(csrf)<button type="submit" class="button">Pet \(name)</button></form>
            </div>
            </section>
            <section class="game-streak" aria-labelledby="streak-heading">
            <h2 id="streak-heading">Streak</h2>
            <p class="hint">A day counts when every task due that day is done, and at least one task was done. Days off \
            (<a href="/game/settings">game settings</a>) neither break nor extend it.</p>
            \(GamePanels.streakTiles(view))
            \(GamePanels.restoreOffer(view, time: time, csrf: csrf))
            \(GamePanels.streakStrip(view))
            </section>
            <section class="game-home" aria-labelledby="home-heading">
            <h2 id="home-heading">\(name)'s home</h2>
            <figure class="game-home-figure">\(HTML(unsafeMarkup: home))<figcaption>\(placed)</figcaption></figure>
            </section>
            <section class="game-badges" aria-labelledby="badges-heading">
            <h2 id="badges-heading">Badges</h2>
            \(GamePanels.badges(view.profile, streak: view.streak, time: time))
            </section>
            <p class="game-links"><a class="button" href="/game/store">Visit the store</a> \
            <a class="button" href="/game/companion">Change \(name)'s name and looks</a> \
            <a class="button" href="/game/settings">Game settings</a></p>
            """
        return GameParts.page(name, main)
    }
}
