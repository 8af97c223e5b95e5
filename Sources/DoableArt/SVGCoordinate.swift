import Foundation

/// A coordinate in an SVG drawing, written short: one decimal is finer than a screen pixel, and "12.0" is "12".
public enum SVGCoordinate {
    public static func text(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
