import DoableCore
import DoableDomain

/// COLLAB-2 on the web pages: whom a task can be assigned to, and what a move to another list did to its assignee.
extension WebController {
    /// What a toast adds when a move to another list cleared the assignee, who is not a member there:
    /// "; ben was unassigned (not a member of Work)". Empty otherwise.
    func unassignedNote(before: TaskItem, after: TaskItem, _ identity: Identity) async -> String {
        guard let assignee = before.assigneeID, after.assigneeID == nil, before.listID != after.listID else {
            return ""
        }
        let name = (try? await domain.usernames([assignee]))?[assignee] ?? "the assignee"
        let list = (try? await domain.tasks.list(identity, id: after.listID))?.list.name ?? "the new list"
        return "; \(name) was unassigned (not a member of \(list))"
    }

    /// The task page's Assignee choices: nobody, then the owner and the members as "Ann Lee (ann)".
    static func assigneeOptions(_ members: [MemberView], current: AccountID?) -> [(String, String)] {
        var options = [("", "Nobody")] + members.map { ("\($0.accountID)", personLabel($0)) }
        if let current, !members.contains(where: { $0.accountID == current }) {
            options.append(("\(current)", "A former member"))
        }
        return options
    }

    /// A person in a choice: "Ann Lee (ann)", or the username alone when it is the name too.
    static func personLabel(_ member: MemberView) -> String {
        member.displayName == member.username ? member.username : "\(member.displayName) (\(member.username))"
    }
}
