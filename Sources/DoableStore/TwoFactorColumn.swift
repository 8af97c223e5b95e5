import DoableCore
import Foundation

/// ACC-10: an account's second factor as it is stored, one JSON text column on both engines.
enum TwoFactorColumn {
    static func text(_ twoFactor: TwoFactor) throws -> String {
        String(decoding: try JSONEncoder().encode(twoFactor), as: UTF8.self)
    }

    static func twoFactor(_ text: String) throws -> TwoFactor {
        try JSONDecoder().decode(TwoFactor.self, from: Data(text.utf8))
    }
}
