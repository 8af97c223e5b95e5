import DoableArt
import DoableCore
import DoableDomain

/// Issue 29 item 6: a new member's first list. Three example tasks, due today so that they meet them on Today,
/// each teaching one thing by doing it: quick add, Undo and subtasks. Today offers it to a member who has nothing
/// yet (a new account stays as empty as the member made it until they accept); "No thanks" hides the offer in this
/// browser. While the list exists, Today's banner removes it in one tap (to the trash, like any list). It is made
/// with the same operations as any list and task.
enum GettingStarted {
    /// The cookie "No thanks" sets (per browser: a preference would be a write for a hint).
    static let declinedCookie = "doable_tour"

    static let listName = "Getting started"
    /// The description that marks the list as the tour (a member's own list of that name is left alone).
    static let description = "Doable's tour: three tasks to try. Remove this list from Today when you are done."

    static func create(for identity: Identity, tasks: TaskService, today: CivilDate) async throws {
        var list = ListInput()
        list.name = listName
        list.description = description
        list.color = "teal"
        let made = try await tasks.createList(identity, list)
        func add(_ title: String, notes: String = "", parent: TaskID? = nil) async throws -> TaskView {
            var input = TaskInput(title: title)
            input.listID = made.id
            input.notes = notes
            if let parent { input.parentID = .some(parent) } else { input.due = .some(.day(today)) }
            return try await tasks.createTask(identity, input)
        }
        _ = try await add(
            "Add a task of your own with the + button (or press q)",
            notes: "Type it as you would say it: \"Call Sam tomorrow 18:00 !high #Inbox\" sets the time, the "
                + "priority and the list as you type.")
        _ = try await add(
            "Tick this one done, then press Undo",
            notes: "Every change says what it did at the bottom of the screen, with Undo for a few seconds.")
        let parent = try await add(
            "Open this task: it has steps",
            notes: "Break anything big into subtasks, as deep as you like. The task shows how many are done.")
        _ = try await add("Tick this step", parent: parent.task.id)
        _ = try await add("Add a step of your own on the task's page", parent: parent.task.id)
    }

    /// The tour list, while the member keeps it.
    static func list(in lists: [ListView]) -> ListView? {
        lists.first { $0.role == .owner && !$0.list.isArchived && $0.list.description == description }
    }

    /// Whether Today offers the tour: nothing of the member's own yet but the Inbox, and not declined here.
    static func offers(lists: [ListView], declined: Bool) -> Bool {
        !declined && lists.count == 1 && lists[0].list.isInbox && lists[0].openTaskCount == 0
    }

    /// The cookie "Not now" on the profile prompt sets.
    static let profileCookie = "doable_profile_prompt"

    /// Issue 29 item 6: the optional profile fields left registration; Today mentions them once the member has
    /// tasks of their own, until they fill one in or say "Not now".
    static func asksForProfile(_ account: Account, lists: [ListView], dismissed: Bool) -> Bool {
        !dismissed && account.gender == nil && account.dateOfBirth == nil && account.educationLevel == nil
            && account.phone == nil && lists.contains { $0.openTaskCount > 0 }
    }

    static func profilePrompt(csrf: HTML) -> HTML {
        """
        <aside class="profile-prompt" aria-label="Your profile">
        <p>Complete your profile when you like: <a href="/settings">add more about you</a> (all of it optional).</p>
        <form method="post" action="/getting-started/profile-later">\(csrf)<button type="submit" class="button quiet">Not now</button></form>
        </aside>
        """
    }

    /// Today's offer to a member with nothing yet.
    static func offer(name: String, csrf: HTML) -> HTML {
        """
        <section class="onboarding" aria-labelledby="onboarding-heading">
        <h2 id="onboarding-heading">Welcome to Doable, \(name)</h2>
        <p>Want a quick tour? Doable adds a list “\(listName)” with three tasks to try: quick add, Undo and subtasks.</p>
        <form method="post" action="/getting-started">\(csrf)<button type="submit" class="button primary">Show me around</button></form>
        <form method="post" action="/getting-started/decline">\(csrf)<button type="submit" class="button">No thanks</button></form>
        </section>
        """
    }

    /// Today's banner while the tour list exists.
    static func banner(_ view: ListView, csrf: HTML) -> HTML {
        """
        <section class="onboarding" aria-labelledby="onboarding-heading">
        <h2 id="onboarding-heading">Your tour of Doable</h2>
        <p>The three tasks below show you around. They live in the list <a href="/lists/\(view.list.id)">\(listName)</a>.</p>
        <form method="post" action="/getting-started/dismiss">\(csrf)<button type="submit" class="button">Remove the tour</button></form>
        </section>
        """
    }
}
