/// List colours: palette names map to shades readable on light and dark backgrounds.
public enum ListColor {
    public static let palette: [String: String] = [
        "red": "#DC2626", "orange": "#EA580C", "yellow": "#CA8A04", "green": "#16A34A", "teal": "#0D9488",
        "blue": "#2563EB", "indigo": "#4F46E5", "purple": "#9333EA", "pink": "#DB2777", "brown": "#92400E",
        "gray": "#6B7280",
    ]

    /// A colour for CSS: a palette name's shade, or `#RRGGBB` as `Rules.color` checks it (the rules already
    /// checked what was stored; this keeps the style block sound whatever it holds).
    public static func hex(_ color: String) -> String {
        if let shade = palette[color] { return shade }
        guard let checked = try? Rules.color(color), checked.hasPrefix("#") else { return "#2563EB" }
        return checked
    }
}
