import Foundation

/// GAME-6: the statistics charts, drawn by the server as SVG (no script): grouped or stacked bars, and a line with
/// gaps. Each is a complete `<svg>` that scales to its container's width, named by its `<title>` and summed up in
/// one sentence by its `<desc>`. Colours come from classes (`s-done`, `s-pending`, `s-late`, `s-points`, `s-rate`):
/// the embedded `<style>` follows the app's theme variables when the chart is in a page (`--chart-done`, `--muted`,
/// … from app.css), and falls back to its own light and dark colours when the chart is opened on its own
/// (`GET /api/v1/stats/charts/{name}.svg`). app.css carries the same rules, so a page whose Content-Security-Policy
/// refuses the inline `<style>` can use `inlined(_:)` and lose nothing. `table` writes the same numbers as an HTML
/// table for screen readers.
public enum StatsChart {
    static let width = 640.0, height = 300.0
    /// The plotting area; the title and legend sit above it, the day or month labels below.
    static let left = 48.0, right = 624.0, top = 60.0, bottom = 252.0

    typealias Series = (name: String, cssClass: String, values: [Int])

    /// Vertical bars, one group (or one stack) per label. Missing values count as 0.
    static func bars(title: String, labels: [String], series: [Series], stacked: Bool) -> String {
        let count = labels.count
        func value(_ s: Series, _ index: Int) -> Int { index < s.values.count ? max(0, s.values[index]) : 0 }
        let largest =
            (0..<count).map { index in
                stacked ? series.reduce(0) { $0 + value($1, index) } : series.map { value($0, index) }.max() ?? 0
            }.max() ?? 0
        let scale = ChartScale(maximum: Double(largest), wholeNumbers: true)
        let slot = (right - left) / Double(max(count, 1))
        var marks = ""
        for index in 0..<count {
            let slotX = left + Double(index) * slot
            if stacked {
                let barWidth = slot * 0.62
                var base = 0
                for s in series {
                    let v = value(s, index)
                    marks += bar(
                        x: slotX + (slot - barWidth) / 2, width: barWidth, from: base, to: base + v,
                        scale: scale, cssClass: s.cssClass, tip: "\(labels[index]): \(s.name) \(v)")
                    base += v
                }
            } else {
                let groupWidth = slot * 0.78
                let barWidth = groupWidth / Double(max(series.count, 1))
                for (position, s) in series.enumerated() {
                    let v = value(s, index)
                    marks += bar(
                        x: slotX + (slot - groupWidth) / 2 + Double(position) * barWidth,
                        width: barWidth > 4 ? barWidth - 1 : barWidth, from: 0, to: v, scale: scale,
                        cssClass: s.cssClass, tip: "\(labels[index]): \(s.name) \(v)")
                }
            }
        }
        let totals = series.map { s in (0..<count).reduce(0) { $0 + value(s, $1) } }
        let summary = zip(series, totals).enumerated().map { position, pair in
            (position == 0 ? pair.0.name : lowercasedFirst(pair.0.name)) + " \(pair.1)"
        }
        let desc =
            count == 0 || series.isEmpty
            ? "No data yet."
            : listed(summary) + span(labels) + "."
        let legend = series.map { (name: $0.name, cssClass: $0.cssClass) }
        return frame(
            title: title, desc: desc, labels: labels, legend: legend, scale: scale, marks: marks,
            isEmpty: count == 0 || series.isEmpty)
    }

    /// A line through the values (nil leaves a gap), e.g. the on-time rate in % per month. A `%` unit keeps the
    /// axis at 0–100.
    static func line(title: String, labels: [String], values: [Double?], unit: String) -> String {
        let count = labels.count
        let points: [Double?] = (0..<count).map { index in
            guard index < values.count, let value = values[index], value.isFinite else { return nil }
            return value
        }
        let known = points.compactMap { $0 }
        let largest = known.max() ?? 0
        let scale = ChartScale(maximum: unit == "%" ? max(largest, 100) : largest, wholeNumbers: false)
        let slot = (right - left) / Double(max(count, 1))
        func x(_ index: Int) -> Double { left + (Double(index) + 0.5) * slot }
        func y(_ value: Double) -> Double { bottom - scale.fraction(value) * (bottom - top) }
        var d = "", dots = "", drawing = false
        for (index, point) in points.enumerated() {
            guard let point else { drawing = false; continue }
            d += (drawing ? " L" : (d.isEmpty ? "M" : " M")) + "\(number(x(index))) \(number(y(point)))"
            drawing = true
            dots +=
                "<circle class=\"point s-rate\" cx=\"\(number(x(index)))\" cy=\"\(number(y(point)))\" r=\"4\">"
                + "<title>\(escaped(labels[index])): \(escaped(amount(point, unit)))</title></circle>"
        }
        let marks = (d.isEmpty ? "" : "<path class=\"chart-line s-rate\" d=\"\(d)\"/>") + dots
        var desc = "No data yet."
        if let latest = known.last, let low = known.min() {
            let average = known.reduce(0, +) / Double(known.count)
            desc =
                "Latest \(amount(latest, unit)), average \(amount(average, unit)), lowest \(amount(low, unit)), "
                + "highest \(amount(largest, unit))" + span(labels)
                + (known.count < count ? " (no data for \(count - known.count) of \(count))." : ".")
        }
        return frame(
            title: title, desc: desc, labels: labels, legend: [], scale: scale, marks: marks,
            isEmpty: known.isEmpty, unit: unit)
    }

    /// The numbers of a chart as an accessible table: a caption, column headers, and each row headed by its first
    /// cell. Everything is escaped.
    static func table(caption: String, header: [String], rows: [[String]]) -> String {
        let head: HTML = header.html { name in "<th scope=\"col\">\(name)</th>" }
        let body: HTML = rows.html { row in
            let cells: HTML = row.enumerated().html { index, cell in
                index == 0 ? "<th scope=\"row\">\(cell)</th>" : "<td>\(cell)</td>"
            }
            return "<tr>\(cells)</tr>"
        }
        let table: HTML =
            "<table class=\"chart-table\"><caption>\(caption)</caption><thead><tr>\(head)</tr></thead>"
            + "<tbody>\(body)</tbody></table>"
        return table.markup
    }

    /// A chart for a page under the app's Content-Security-Policy: without its `<style>` (app.css has the rules).
    public static func inlined(_ svg: String) -> String {
        guard let open = svg.range(of: "<style>"),
            let close = svg.range(of: "</style>", range: open.upperBound..<svg.endIndex)
        else { return svg }
        return svg.replacingCharacters(in: open.lowerBound..<close.upperBound, with: "")
    }

    // MARK: Parts

    static func bar(
        x: Double, width: Double, from: Int, to: Int, scale: ChartScale, cssClass: String,
        tip: String
    ) -> String {
        let y0 = bottom - scale.fraction(Double(from)) * (bottom - top)
        let y1 = bottom - scale.fraction(Double(to)) * (bottom - top)
        return "<rect class=\"bar \(escaped(cssClass))\" x=\"\(number(x))\" y=\"\(number(y1))\" "
            + "width=\"\(number(max(width, 0.5)))\" height=\"\(number(y0 - y1))\"><title>\(escaped(tip))</title></rect>"
    }

    /// The frame every chart shares: title, legend, value axis with its grid, the marks, and the labels below.
    static func frame(
        title: String, desc: String, labels: [String], legend: [(name: String, cssClass: String)],
        scale: ChartScale, marks: String, isEmpty: Bool, unit: String = ""
    ) -> String {
        let id = identifier(title, labels)
        var grid = ""
        for tick in scale.ticks {
            let y = number(bottom - scale.fraction(tick) * (bottom - top))
            grid +=
                "<line class=\"\(tick == 0 ? "chart-axis" : "chart-grid")\" x1=\"\(number(left))\" y1=\"\(y)\" "
                + "x2=\"\(number(right))\" y2=\"\(y)\"/><text class=\"chart-tick\" x=\"\(number(left - 6))\" y=\"\(y)\" "
                + "dy=\"4\" text-anchor=\"end\">\(ChartScale.label(tick))\(unit == "%" ? "%" : "")</text>"
        }
        var legendMarks = "", legendX = left
        for entry in legend {
            legendMarks +=
                "<rect class=\"legend-swatch \(escaped(entry.cssClass))\" x=\"\(number(legendX))\" y=\"34\" "
                + "width=\"12\" height=\"12\" rx=\"2\"/><text x=\"\(number(legendX + 17))\" y=\"44.5\">"
                + "\(escaped(entry.name))</text>"
            legendX += 17 + Double(entry.name.count) * 7 + 18
        }
        let slot = (right - left) / Double(max(labels.count, 1))
        let every = labelStep(labels: labels, slot: slot)
        var xLabels = ""
        for (index, label) in labels.enumerated() where index % every == 0 {
            xLabels +=
                "<text class=\"chart-tick\" x=\"\(number(left + (Double(index) + 0.5) * slot))\" "
                + "y=\"\(number(bottom + 20))\" text-anchor=\"middle\">\(escaped(label))</text>"
        }
        let empty =
            isEmpty
            ? "<text class=\"chart-empty\" x=\"\(number((left + right) / 2))\" y=\"\(number((top + bottom) / 2))\" "
                + "text-anchor=\"middle\">No data yet</text>"
            : ""
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"doable-chart\" viewBox=\"0 0 \(number(width)) "
            + "\(number(height))\" width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" "
            + "aria-labelledby=\"\(id)-title \(id)-desc\"><title id=\"\(id)-title\">\(escaped(title))</title>"
            + "<desc id=\"\(id)-desc\">\(escaped(desc))</desc><style>\(style)</style>"
            + "<rect class=\"chart-bg\" width=\"\(number(width))\" height=\"\(number(height))\" rx=\"8\"/>"
            + "<text class=\"chart-title\" x=\"\(number(left - 36))\" y=\"24\">\(escaped(title))</text>"
            + "<g class=\"chart-legend\">\(legendMarks)</g><g class=\"chart-grid-lines\">\(grid)</g>"
            + "<g class=\"chart-marks\">\(marks)</g><g class=\"chart-labels\">\(xLabels)</g>\(empty)</svg>"
    }

    /// Show every label when there is room, else every 2nd, 5th…: a month of days shows every 5th.
    static func labelStep(labels: [String], slot: Double) -> Int {
        let count = labels.count
        let longest = Double(labels.map(\.count).max() ?? 0)
        let needed = Int(((longest * 6.6 + 8) / max(slot, 1)).rounded(.up))
        let byCount = count <= 12 ? 1 : count <= 16 ? 2 : count <= 35 ? 5 : Int((Double(count) / 7).rounded(.up))
        return max(1, byCount, needed)
    }

    /// The chart's own colours, light then dark: used when the page around it does not set the app's variables.
    static let style: String = {
        let light =
            "--c-bg:#fff;--c-text:#1d2025;--c-muted:#596170;--c-grid:#e1e4e8;--c-axis:#8a919c;"
            + "--c-done:#2563eb;--c-pending:#b45309;--c-late:#dc2626;--c-points:#7c3aed;--c-rate:#0f766e"
        let dark =
            "--c-bg:#21252b;--c-text:#e7e9ec;--c-muted:#a9b0bb;--c-grid:#343a43;--c-axis:#7d8592;"
            + "--c-done:#60a5fa;--c-pending:#fbbf24;--c-late:#f87171;--c-points:#a78bfa;--c-rate:#2dd4bf"
        // Each rule: the selector, the property, a fixed light colour for renderers without custom properties, and
        // the app's variable with the chart's own as its fallback.
        let rules: [(String, String, String, String)] = [
            (".chart-bg", "fill", "#fff", "var(--surface,var(--c-bg))"),
            ("text", "fill", "#596170", "var(--muted,var(--c-muted))"),
            (".chart-title", "fill", "#1d2025", "var(--text,var(--c-text))"),
            (".chart-legend text", "fill", "#1d2025", "var(--text,var(--c-text))"),
            (".chart-grid", "stroke", "#e1e4e8", "var(--border,var(--c-grid))"),
            (".chart-axis", "stroke", "#8a919c", "var(--line,var(--c-axis))"),
            (".bar", "fill", "#596170", "var(--muted,var(--c-muted))"),
            (".s-done", "fill", "#2563eb", "var(--chart-done,var(--c-done))"),
            (".s-pending", "fill", "#b45309", "var(--chart-pending,var(--c-pending))"),
            (".s-late", "fill", "#dc2626", "var(--chart-late,var(--c-late))"),
            (".s-points", "fill", "#7c3aed", "var(--chart-points,var(--c-points))"),
            (".s-rate", "fill", "#0f766e", "var(--chart-rate,var(--c-rate))"),
            (".chart-line", "stroke", "#0f766e", "var(--chart-rate,var(--c-rate))"),
            (".point", "stroke", "#fff", "var(--surface,var(--c-bg))"),
        ]
        let coloured = rules.map { selector, property, fixed, variable in
            ".doable-chart \(selector){\(property):\(fixed);\(property):\(variable)}"
        }.joined()
        return ".doable-chart{\(light)}@media (prefers-color-scheme: dark){.doable-chart{\(dark)}}"
            + ".doable-chart text{font:12px system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif}"
            + ".doable-chart .chart-title{font-size:15px;font-weight:650}.doable-chart .chart-empty{font-size:14px}"
            + ".doable-chart .chart-grid{stroke-width:1}.doable-chart .chart-axis{stroke-width:1.5}"
            + ".doable-chart path.chart-line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}"
            + ".doable-chart .point{stroke-width:1.5}" + coloured
    }()

    // MARK: Words and numbers

    /// "Completed 42 and pending 5", "A, B and C".
    static func listed(_ parts: [String]) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }

    /// ", from Mon 23 to Sun 29" (or ", on Mon 23" for one label).
    static func span(_ labels: [String]) -> String {
        guard let first = labels.first, let last = labels.last else { return "" }
        return labels.count == 1 ? ", on \(first)" : ", from \(first) to \(last)"
    }

    static func amount(_ value: Double, _ unit: String) -> String {
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        if unit.isEmpty { return text }
        return unit == "%" ? text + "%" : text + " " + unit
    }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// An id for the title and description, the same for the same chart, unlike for different ones on one page.
    static func identifier(_ title: String, _ labels: [String]) -> String {
        let slug = title.lowercased().unicodeScalars.map { scalar -> String in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? String(scalar) : "-"
        }.joined().split(separator: "-").joined(separator: "-")
        var hash: UInt32 = 0x811c_9dc5
        for byte in (title + "|" + labels.joined(separator: "|")).utf8 {
            hash ^= UInt32(byte)
            hash &*= 0x0100_0193
        }
        return "chart-" + (slug.isEmpty ? "" : String(slug.prefix(24)) + "-") + String(hash, radix: 16)
    }

    static func escaped(_ text: String) -> String { CompanionArt.escaped(text) }

    static func number(_ value: Double) -> String { SVGCoordinate.text(value) }
}
