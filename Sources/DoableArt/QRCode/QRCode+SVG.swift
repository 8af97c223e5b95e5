extension QRCode {
    /// The symbol as one `<svg>`, scaled by its container: a white square (the quiet zone of `quietZone` modules
    /// included) and one black path of the dark modules, a rectangle per run along each row. The colours are fixed
    /// rather than the theme's: scanners expect dark on light, in dark mode too. `label` names it for screen readers.
    public func svg(label: String, quietZone: Int = 4) -> String {
        let extent = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < size && isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        let svg: HTML =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(extent) \(extent)\" role=\"img\" "
            + "aria-label=\"\(label)\" shape-rendering=\"crispEdges\"><rect width=\"\(extent)\" height=\"\(extent)\" "
            + "fill=\"#fff\"/><path fill=\"#000\" d=\"\(HTML(unsafeMarkup: path))\"/></svg>"
        return svg.markup
    }
}
