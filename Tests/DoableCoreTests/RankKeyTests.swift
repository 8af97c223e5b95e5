import DoableCore
import Testing

@Suite("Rank keys (TASK-5)")
struct RankKeyTests {
    @Test func TASK5_keysBetweenNeighboursAlwaysSortBetween() {
        var keys = [RankKey.between(nil, nil)]
        for step in 0..<2000 {
            let index = (step * 7919) % (keys.count + 1)
            let lower = index > 0 ? keys[index - 1] : nil
            let upper = index < keys.count ? keys[index] : nil
            let key = RankKey.between(lower, upper)
            if let lower { #expect(key > lower, "\(key) after \(lower)") }
            if let upper { #expect(key < upper, "\(key) before \(upper)") }
            keys.insert(key, at: index)
        }
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == keys.count)
    }

    @Test func TASK5_appendingTenThousandTimesKeepsKeysShort() {
        var last: String?
        var lengths: [Int] = []
        for _ in 0..<10_000 {
            let key = RankKey.between(last, nil)
            if let last { #expect(key > last) }
            lengths.append(key.count)
            last = key
        }
        #expect(lengths.sorted()[lengths.count / 2] < 8)
        #expect(lengths.max()! <= 10)
    }

    @Test func TASK5_prependingKeepsOrder() {
        var first: String?
        for _ in 0..<1000 {
            let key = RankKey.between(nil, first)
            if let first { #expect(key < first) }
            first = key
        }
    }

    @Test func TASK5_sequenceIsIncreasing() {
        let keys = RankKey.sequence(after: "a5", count: 500)
        #expect(keys == keys.sorted())
        #expect(keys.first! > "a5")
    }
}
