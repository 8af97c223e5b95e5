import DoableCore
import Foundation
import Synchronization

/// Decoded preferences by their stored JSON text. Every authenticated request reads its account, and decoding
/// the same few hundred bytes of JSON with Foundation each time was a tenth of a cached page's cost.
enum PreferencesCache {
    private static let decoded = Mutex<[String: Preferences]>([:])
    private static let capacity = 4_096

    static func preferences(fromJSON text: String) throws -> Preferences {
        if let known = decoded.withLock({ $0[text] }) { return known }
        let preferences = try JSONDecoder().decode(Preferences.self, from: Data(text.utf8))
        decoded.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = preferences
        }
        return preferences
    }
}
