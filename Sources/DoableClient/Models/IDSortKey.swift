import DoableAPI
public import DoableCore
import Foundation

/// An id as a sort key: the order of its lower-case text (`EntityID.<`), compared as two integers instead of two
/// freshly made strings. Sorting thousands of tasks by `(rank, id)` would otherwise make two strings per comparison.
public struct IDSortKey: Comparable, Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    /// The key of `id`. Hex digits sort as their values and the dashes sit at the same places in every id, so
    /// comparing the UUID's bytes big-end first gives the order of the text.
    public init<Entity>(_ id: EntityID<Entity>) {
        (high, low) = withUnsafeBytes(of: id.uuid.uuid) { bytes in
            var high: UInt64 = 0, low: UInt64 = 0
            for index in 0..<8 {
                high = high << 8 | UInt64(bytes[index])
                low = low << 8 | UInt64(bytes[index + 8])
            }
            return (high, low)
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }
}

/// Siblings' order, `(rank, id)`, with the id as an ``IDSortKey``.
struct RankOrder: Comparable {
    let rank: String
    let id: IDSortKey

    init(_ task: TaskRecord) {
        rank = task.rank
        id = IDSortKey(task.id)
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.id < rhs.id
    }
}
