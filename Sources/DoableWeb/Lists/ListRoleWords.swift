import Foundation
import DoableCore

/// COLLAB-1: roles as the pages say them.
enum ListRoleWords {
    /// "a viewer", "an editor", "an admin", "the owner".
    static func withArticle(_ role: ListRole) -> String {
        switch role {
        case .viewer: "a viewer"
        case .editor, .admin: "an \(role.rawValue)"
        case .owner: "the owner"
        }
    }

    /// The choices of a role select: every role a membership can hold.
    static let grantable: [(String, String)] = ListRole.grantable.map { ($0.rawValue, $0.rawValue.capitalized) }
}
