/// How many characters of an id to show so that each shown id is still unique among all ids: at least
/// `minimum`, more where two ids share a longer start.
///
/// UUIDv7 ids begin with their creation time, so tasks made within the same minute share their first eight
/// characters; the shown prefix grows just enough to tell them apart, and `Replica.resolveTask` takes it back.
public enum IDPrefix {
    public static func length(for shown: some Sequence<String>, among all: [String], minimum: Int = 8) -> Int {
        let sorted = Array(Set(all)).sorted()
        var length = minimum
        for id in shown {
            let index = lowerBound(of: id, in: sorted)
            var shared = 0
            if index > 0 { shared = max(shared, commonPrefix(id, sorted[index - 1])) }
            let next = index < sorted.count && sorted[index] == id ? index + 1 : index
            if next < sorted.count { shared = max(shared, commonPrefix(id, sorted[next])) }
            length = max(length, min(shared + 1, id.count))
        }
        return length
    }

    static func commonPrefix(_ first: String, _ second: String) -> Int {
        zip(first.utf8, second.utf8).prefix { $0 == $1 }.count
    }

    private static func lowerBound(of id: String, in sorted: [String]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
