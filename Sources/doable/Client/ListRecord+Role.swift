import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore

extension ListRecord {
    /// Refuses before queueing what the server would reject for the role (COLLAB-1): a rejection later would undo
    /// the change the user saw succeed.
    func require(_ least: ListRole, for purpose: String) throws {
        guard role >= least else {
            let article = role == .viewer ? "a" : "an"
            throw CLIError.user("You are \(article) \(role.rawValue) of '\(name)'; \(purpose) needs \(least.rawValue) or more.")
        }
    }
}
