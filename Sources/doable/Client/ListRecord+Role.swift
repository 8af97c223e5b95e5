import DoableClient
import DoableCore

extension ListRecord {
    /// The member's role as DoableCore's ordered type; an unknown word from a newer server counts as viewer, so
    /// the client never offers what the server might refuse.
    var listRole: ListRole { ListRole(rawValue: role) ?? .viewer }

    /// Refuses before queueing what the server would reject for the role (COLLAB-1): a rejection later would undo
    /// the change the user saw succeed.
    func require(_ least: ListRole, for purpose: String) throws {
        guard listRole >= least else {
            let article = role == "viewer" ? "a" : "an"
            throw CLIError.user("You are \(article) \(role) of '\(name)'; \(purpose) needs \(least.rawValue) or more.")
        }
    }
}
