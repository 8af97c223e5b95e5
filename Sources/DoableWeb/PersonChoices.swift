import DoableCore
import DoableDomain

/// COLLAB-2: people in a choice (the task page's Assignee, search's "Assigned to").
enum PersonChoices {
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
