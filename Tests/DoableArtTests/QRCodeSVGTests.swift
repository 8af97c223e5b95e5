import DoableArt
import Testing

/// ACC-10: the QR code as the enrolment page shows it.
@Suite("QR code as SVG (ACC-10)")
struct QRCodeSVGTests {
    @Test func ACC10_svgIsBlackOnWhiteWithItsLabel() throws {
        let symbol = try #require(QRCode(text: "otpauth://totp/Doable:alice?secret=GEZDGNBVGY3TQOJQ"))
        let extent = symbol.size + 8
        let svg = symbol.svg(label: "QR code for \"Doable\" <alice>")
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(extent) \(extent)\" role=\"img\" "
                    + "aria-label=\"QR code for &quot;Doable&quot; &lt;alice&gt;\" shape-rendering=\"crispEdges\">"))
        #expect(svg.contains("<rect width=\"\(extent)\" height=\"\(extent)\" fill=\"#fff\"/>"))
        #expect(svg.components(separatedBy: "<path ").count == 2)
        #expect(svg.contains("<path fill=\"#000\" d=\"M"))
        #expect(!svg.contains("currentColor"))
        #expect(svg.hasSuffix("\"/></svg>"))
    }

    /// Each `M x y hNv1h-Nz` of the path is a run of dark modules; together they are exactly the dark modules.
    @Test func ACC10_svgPathCoversExactlyTheDarkModules() throws {
        let symbol = try #require(QRCode(text: "Doable ACC-10", errorCorrection: .high))
        for quietZone in [0, 4] {
            let svg = symbol.svg(label: "code", quietZone: quietZone)
            let path = try #require(svg.split(separator: " d=\"").last?.split(separator: "\"").first)
            var drawn = Set<[Int]>()
            for command in path.split(separator: "z") {
                let numbers = command.split(whereSeparator: { "Mhv ".contains($0) }).compactMap { Int($0) }
                #expect(numbers.count == 5 && numbers[3] == 1 && numbers[4] == -numbers[2], "\(command)")
                for x in numbers[0]..<(numbers[0] + numbers[2]) {
                    #expect(drawn.insert([x - quietZone, numbers[1] - quietZone]).inserted)
                }
            }
            let dark = (0..<symbol.size).flatMap { y in (0..<symbol.size).filter { symbol.isDark(x: $0, y: y) }.map { [$0, y] } }
            #expect(drawn == Set(dark))
        }
    }
}
