import DoableCore
import Foundation

/// ADMIN-1: the LIKE pattern an admin's account search becomes, on both engines: the words matched anywhere, any
/// case, with `%`, `_` and `\` taken literally.
enum AccountSearch {
    static func pattern(_ search: String?) -> String? {
        guard let search, !search.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        var escaped = ""
        for character in Rules.matchKey(search.trimmingCharacters(in: .whitespaces)) {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
