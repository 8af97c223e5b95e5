import PublicInit

/// SYNC-2: a hybrid logical clock reading: wall-clock milliseconds, a counter for events within one millisecond (or
/// while the wall clock lags behind what was already seen), and the node that made it, so that no two readings of
/// different nodes are equal. Its text form (`000001763900000000-00000-node`) sorts in the clock's order, so the
/// stores compare clocks as plain strings.
@PublicInit
public struct HybridTimestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var milliseconds: Int64
    public var counter: Int = 0
    public var node: String

    public static let maximumCounter = 99_999
    /// What the server writes for the changes it makes itself or takes from the web app and the API.
    public static let serverNode = "server"

    /// The server's reading for a change made at `now` outside sync.
    public static func server(at now: Timestamp) -> HybridTimestamp {
        HybridTimestamp(milliseconds: now.milliseconds, node: serverNode)
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 18, parts[1].count == 5,
            let milliseconds = Int64(parts[0]), milliseconds >= 0,
            let counter = Int(parts[1]), counter >= 0,
            (1...64).contains(parts[2].count),
            parts[2].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, node: String(parts[2]))
    }

    public var description: String {
        let ms = String(milliseconds)
        let count = String(counter)
        return String(repeating: "0", count: max(0, 18 - ms.count)) + ms + "-"
            + String(repeating: "0", count: max(0, 5 - count.count)) + count + "-" + node
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.node) < (rhs.milliseconds, rhs.counter, rhs.node)
    }

    /// A clock from a device whose wall clock runs ahead of the server's by more than `allowance` gets the server's
    /// time instead (design/sync.md: a far-future clock would otherwise win every conflict until then).
    public func clamped(notAfter now: Timestamp, allowanceSeconds: Int64 = 300) -> HybridTimestamp {
        guard milliseconds > now.milliseconds + allowanceSeconds * 1000 else { return self }
        return HybridTimestamp(milliseconds: now.milliseconds, counter: counter, node: node)
    }
}

/// The clock a device keeps: each reading is later than every reading before it and every reading it has seen from
/// the server, even when its own wall clock goes backwards or lags.
public struct HybridClock: Sendable {
    public private(set) var last: HybridTimestamp
    public let node: String

    public init(node: String, last: HybridTimestamp? = nil) {
        self.node = node
        self.last = last ?? HybridTimestamp(milliseconds: 0, node: node)
    }

    /// The next reading for a local change at wall time `now`.
    public mutating func tick(now: Timestamp) -> HybridTimestamp {
        if now.milliseconds > last.milliseconds {
            last = HybridTimestamp(milliseconds: now.milliseconds, counter: 0, node: node)
        } else if last.counter < HybridTimestamp.maximumCounter {
            last = HybridTimestamp(milliseconds: last.milliseconds, counter: last.counter + 1, node: node)
        } else {
            last = HybridTimestamp(milliseconds: last.milliseconds + 1, counter: 0, node: node)
        }
        return last
    }

    /// Takes in a time the server reported, so later local readings come after it.
    public mutating func observe(_ moment: Timestamp) {
        if moment.milliseconds > last.milliseconds {
            last = HybridTimestamp(milliseconds: moment.milliseconds, counter: 0, node: node)
        }
    }
}
