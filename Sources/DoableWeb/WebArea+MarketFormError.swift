import DoableCore

extension WebArea {
    /// A refusal a marketplace form shows by its fields (or atop the form); others get their own page. The admin's
    /// catalogue forms use it too.
    static func isMarketFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict, .forbidden: true
        default: false
        }
    }
}
