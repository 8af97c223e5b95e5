import DoableCore

/// GAME-2: the colours of a companion: its coat, a darker shade for outlines, ears and paws, and a light belly. The
/// fills are fixed (the companion looks the same in light and dark pages); the outline is a mid-tone, visible on both.
public struct CompanionPalette: Sendable, Equatable {
    var base: String
    var dark: String
    var belly: String

    init(_ base: String, _ dark: String, _ belly: String) {
        self.base = base
        self.dark = dark
        self.belly = belly
    }

    init(_ color: Companion.Color) {
        self =
            switch color {
            case .amber: CompanionPalette("#f7b23b", "#b45309", "#fdecc0")
            case .coral: CompanionPalette("#f98a6c", "#c2410c", "#feddd0")
            case .rose: CompanionPalette("#f48fc0", "#be185d", "#fde4f0")
            case .violet: CompanionPalette("#b39afb", "#6d28d9", "#ede9fe")
            case .sky: CompanionPalette("#5ec4f5", "#0369a1", "#e0f4fe")
            case .teal: CompanionPalette("#4fd6c1", "#0f766e", "#d5f8f1")
            case .moss: CompanionPalette("#9cc45a", "#4d7c0f", "#e8f3d2")
            case .slate: CompanionPalette("#a3b0c2", "#475569", "#eef2f6")
            }
    }

    /// The eyes, nose and mouth: the same near-black for every colour.
    static let ink = "#2b2235"
    static let pink = "#f9a8d4"
    static let pinkDark = "#db2777"
    static let gold = "#facc15"
    static let goldDark = "#a16207"
}
