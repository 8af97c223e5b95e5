extension Array where Element: Hashable {
    /// The elements in their first order, each once: a filter's values, before they are bound.
    var distinct: [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
