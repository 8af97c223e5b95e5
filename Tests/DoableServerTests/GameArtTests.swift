import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import DoableArt

/// GAME-2, GAME-3 and GAME-6: the companion, its home, the store's previews and the statistics charts, drawn as SVG
/// on the server: well formed, named for screen readers, escaped, and with nothing that runs.
@Suite struct GameArtTests {
    private let catalogue = StoreItem.catalogue(now: Timestamp(milliseconds: 1_800_000_000_000))

    private func item(_ name: String) throws -> StoreItem { try #require(catalogue.first { $0.name == name }) }

    /// Nothing in a drawing may run or fetch: no script, no event attribute, no link elsewhere.
    private func expectInert(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lower = svg.lowercased()
        #expect(!lower.contains("<script"), sourceLocation: sourceLocation)
        #expect(lower.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, sourceLocation: sourceLocation)
        #expect(!lower.contains("href"), sourceLocation: sourceLocation)
        #expect(!lower.contains("nan") || !lower.contains("\"nan"), sourceLocation: sourceLocation)
        #expect(!lower.contains("inf\""), sourceLocation: sourceLocation)
    }

    /// The drawing parses as XML (every tag closed, attributes quoted, entities known).
    private func expectWellFormed(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) {
        final class Delegate: NSObject, XMLParserDelegate {}
        let parser = XMLParser(data: Data(svg.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        #expect(
            parser.parse(), "\(parser.parserError.map { String(describing: $0) } ?? "")",
            sourceLocation: sourceLocation)
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    // MARK: Companion

    @Test func GAME2_everySpeciesMoodAndColourRendersNamedAndInert() {
        let title = "Pip <the \"best\"> & co"
        for species in Companion.Species.allCases {
            for mood in Mood.allCases {
                for color in Companion.Color.allCases {
                    let svg = CompanionArt.svg(
                        companion: Companion(name: "Pip", species: species, color: color),
                        mood: mood, level: 1, worn: [], petted: false, title: title)
                    #expect(svg.hasPrefix("<svg "))
                    #expect(svg.hasSuffix("</svg>"))
                    #expect(svg.contains(#"viewBox="0 0 200 200""#))
                    #expect(svg.contains(#"role="img""#))
                    #expect(svg.contains("<title>Pip &lt;the &quot;best&quot;&gt; &amp; co</title>"))
                    #expect(svg.contains(CompanionPalette(color).base))
                    expectInert(svg)
                }
            }
        }
        let one = CompanionArt.svg(companion: .default, mood: .happy, level: 1, worn: [], petted: false, title: title)
        expectWellFormed(one)
    }

    @Test func GAME2_speciesAndMoodsLookDifferent() {
        func draw(_ species: Companion.Species, _ mood: Mood) -> String {
            CompanionArt.svg(
                companion: Companion(name: "Pip", species: species, color: .sky), mood: mood, level: 1,
                worn: [], petted: false, title: "Pip")
        }
        let species = Set(Companion.Species.allCases.map { draw($0, .happy) })
        #expect(species.count == Companion.Species.allCases.count)
        for kind in Companion.Species.allCases {
            #expect(Set(Mood.allCases.map { draw(kind, $0) }).count == Mood.allCases.count)
        }
        // Sad has a tear; happy has blushing cheeks.
        #expect(draw(.cat, .sad).contains("#7dd3fc"))
        #expect(!draw(.cat, .happy).contains("#7dd3fc"))
        #expect(draw(.cat, .happy).contains("#fb7185"))
    }

    @Test func GAME2_levelsAddABadgeAGlowACrownAndSparkles() {
        func draw(_ level: Int) -> String {
            CompanionArt.svg(companion: .default, mood: .neutral, level: level, worn: [], petted: false, title: "Pip")
        }
        #expect(!draw(4).contains(CompanionArt.levelBadge))
        #expect(draw(5).contains(CompanionArt.levelBadge))
        #expect(!draw(24).contains("radialGradient"))
        #expect(draw(25).contains("radialGradient"))
        #expect(!draw(49).contains(CompanionArt.crownMark))
        #expect(draw(50).contains(CompanionArt.crownMark))
        #expect(!draw(99).contains(CompanionArt.sparkles))
        #expect(draw(100).contains(CompanionArt.sparkles))
        expectWellFormed(draw(100))
    }

    @Test func GAME3_wornItemsAreLayeredBodyNeckHeldEyesHead() throws {
        let worn = try [
            item("Party hat"), item("Round glasses"), item("Red balloon"), item("Bow tie"),
            item("Striped sweater"),
        ]
        let svg = CompanionArt.svg(
            companion: .default, mood: .happy, level: 10, worn: worn, petted: false,
            title: "Pip")
        let positions = try ["item-body", "item-neck", "item-held", "item-eyes", "item-head"].map { slot in
            try #require(svg.range(of: "class=\"item \(slot)\"")).lowerBound
        }
        #expect(positions == positions.sorted())
        for item in worn { #expect(svg.contains(item.svg)) }
        #expect(svg.contains("translate(50 0)"))
        expectWellFormed(svg)
        expectInert(svg)
        // Home things are not worn.
        let withFurniture = try CompanionArt.svg(
            companion: .default, mood: .happy, level: 1,
            worn: [item("Armchair")], petted: false, title: "Pip")
        #expect(!withFurniture.contains(try item("Armchair").svg))
    }

    @Test func GAME2_pettingAddsTheClassAndHearts() {
        let petted = CompanionArt.svg(companion: .default, mood: .happy, level: 1, worn: [], petted: true, title: "Pip")
        let still = CompanionArt.svg(companion: .default, mood: .happy, level: 1, worn: [], petted: false, title: "Pip")
        #expect(petted.contains(#"class="companion-art petted""#))
        #expect(count("class=\"heart\"", in: petted) == 3)
        #expect(!still.contains("petted"))
        #expect(!still.contains("class=\"heart\""))
    }

    @Test func GAME3_theHomeHoldsTheCompanionAndTheFurniture() throws {
        let companion = CompanionArt.svg(
            companion: .default, mood: .happy, level: 1, worn: [], petted: true,
            title: "Pip & me")
        let furniture = try [
            item("Armchair"), item("Round rug"), item("Wall clock"), item("Fishbowl"),
            item("Potted plant"),
        ]
        let home = CompanionArt.home(companionSVG: companion, furniture: furniture)
        #expect(home.contains(#"viewBox="0 0 400 260""#))
        #expect(home.contains(#"<svg x="130" y="50" width="140" height="140""#))
        #expect(
            home.contains(
                "<title>Pip &amp; me, at home with Armchair, Round rug, Wall clock, Fishbowl, "
                    + "Potted plant</title>"))
        #expect(home.contains(#"class="home-companion petted""#))
        for thing in furniture { #expect(home.contains(thing.svg)) }
        expectWellFormed(home)
        expectInert(home)
    }

    @Test func GAME3_everyItemHasAPreviewNamedByIt() {
        for item in catalogue {
            let preview = CompanionArt.itemPreview(item)
            #expect(preview.contains(#"viewBox="0 0 100 100""#))
            #expect(preview.contains("<title>\(CompanionArt.escaped(item.name))</title>"))
            #expect(preview.contains(item.svg))
            expectWellFormed(preview)
            expectInert(preview)
        }
        var odd = catalogue[0]
        odd.name = "<b>\"Hat\" & co</b>"
        #expect(CompanionArt.itemPreview(odd).contains("<title>&lt;b&gt;&quot;Hat&quot; &amp; co&lt;/b&gt;</title>"))
    }

    // MARK: Charts

    @Test func GAME6_barsHaveATitleADescriptionAndOneBarPerValue() {
        let labels = ["Mon 23", "Tue 24", "Wed 25", "Thu 26", "Fri 27", "Sat 28", "Sun 29"]
        let series: [StatsChart.Series] = [
            ("Completed", "s-done", [3, 5, 0, 8, 12, 4, 10]),
            ("Pending", "s-pending", [1, 0, 2, 0, 1, 1, 0]),
        ]
        for stacked in [false, true] {
            let svg = StatsChart.bars(title: "Completed & pending", labels: labels, series: series, stacked: stacked)
            #expect(svg.contains("<title id=\""))
            #expect(svg.contains("Completed &amp; pending</title>"))
            #expect(svg.contains("<desc id=\""))
            #expect(svg.contains("Completed 42 and pending 5, from Mon 23 to Sun 29.</desc>"))
            #expect(svg.contains(#"role="img""#))
            #expect(svg.contains("aria-labelledby=\"chart-completed-pending-"))
            #expect(svg.contains(#"preserveAspectRatio="xMidYMid meet""#))
            #expect(svg.contains("@media (prefers-color-scheme: dark)"))
            #expect(count("<rect class=\"bar ", in: svg) == labels.count * series.count)
            #expect(count("class=\"bar s-done\"", in: svg) == labels.count)
            expectWellFormed(svg)
            expectInert(svg)
        }
    }

    @Test func GAME6_theValueAxisHasThreeToFiveRoundTicks() {
        for maximum in [0, 1, 2, 3, 4, 5, 7, 9, 10, 13, 42, 99, 100, 101, 999, 12_345] {
            let scale = ChartScale(maximum: Double(maximum), wholeNumbers: true)
            #expect((3...5).contains(scale.ticks.count), "\(maximum): \(scale.ticks)")
            #expect(scale.top >= Double(maximum))
            #expect(scale.step >= 1 && scale.step == scale.step.rounded())
        }
        #expect(ChartScale(maximum: 100, wholeNumbers: false).ticks == [0, 25, 50, 75, 100])
        #expect(ChartScale(maximum: 42, wholeNumbers: true).ticks == [0, 20, 40, 60])
    }

    @Test func GAME6_aMonthOfDaysShowsEveryFifthLabel() {
        let labels = (1...30).map { "Nov \($0)" }
        let svg = StatsChart.bars(
            title: "Completed", labels: labels, series: [("Completed", "s-done", Array(1...30))],
            stacked: false)
        #expect(svg.contains(">Nov 1</text>"))
        #expect(svg.contains(">Nov 6</text>"))
        #expect(!svg.contains(">Nov 2</text>"))
        #expect(
            count("<text class=\"chart-tick\" x=", in: svg) - ChartScale(maximum: 30, wholeNumbers: true).ticks.count
                == 6)
    }

    @Test func GAME6_emptyAndAllZeroChartsDrawWithoutDividingByZero() {
        let zero = StatsChart.bars(
            title: "Nothing yet", labels: ["Jan", "Feb"],
            series: [("Completed", "s-done", [0, 0]), ("Late", "s-late", [0, 0])], stacked: true)
        let empty = StatsChart.bars(title: "Empty", labels: [], series: [], stacked: false)
        let noSeries = StatsChart.bars(title: "Empty", labels: ["Jan"], series: [], stacked: false)
        let line = StatsChart.line(title: "On-time rate", labels: [], values: [], unit: "%")
        let allNil = StatsChart.line(title: "On-time rate", labels: ["Jan", "Feb"], values: [nil, nil], unit: "%")
        let weird = StatsChart.line(title: "Odd", labels: ["Jan", "Feb"], values: [.nan, .infinity], unit: "")
        for svg in [zero, empty, noSeries, line, allNil, weird] {
            #expect(!svg.lowercased().contains("nan"))
            #expect(!svg.lowercased().contains("inf"))
            expectWellFormed(svg)
            expectInert(svg)
        }
        #expect(count("<rect class=\"bar ", in: zero) == 4)
        #expect(zero.contains("Completed 0 and late 0, from Jan to Feb."))
        #expect(empty.contains("<desc id=\"chart-empty-") && empty.contains(">No data yet.</desc>"))
        #expect(allNil.contains(">No data yet</text>"))
    }

    @Test func GAME6_theLineLeavesGapsForMissingValues() {
        let svg = StatsChart.line(
            title: "On-time rate", labels: ["Jan", "Feb", "Mar", "Apr", "May"],
            values: [80, 90, nil, 60, 100], unit: "%")
        #expect(count("<circle class=\"point s-rate\"", in: svg) == 4)
        let path = svg.components(separatedBy: "class=\"chart-line s-rate\" d=\"")[1].prefix { $0 != "\"" }
        #expect(path.filter { $0 == "M" }.count == 2)
        #expect(path.filter { $0 == "L" }.count == 2)
        #expect(
            svg.contains(
                "Latest 100%, average 82.5%, lowest 60%, highest 100%, from Jan to May "
                    + "(no data for 1 of 5)."))
        #expect(svg.contains(">100%</text>"))
        expectWellFormed(svg)
    }

    @Test func GAME6_theTableIsAccessibleAndEscaped() {
        let table = StatsChart.table(
            caption: "Tasks <done>", header: ["Day", "Done & dusted"],
            rows: [["Mon \"23\"", "<script>"], ["Tue", "4"]])
        #expect(table.hasPrefix("<table class=\"chart-table\"><caption>Tasks &lt;done&gt;</caption>"))
        #expect(table.contains("<th scope=\"col\">Day</th><th scope=\"col\">Done &amp; dusted</th>"))
        #expect(table.contains("<tr><th scope=\"row\">Mon &quot;23&quot;</th><td>&lt;script&gt;</td></tr>"))
        #expect(!table.contains("<script>"))
        expectWellFormed(table)
    }

    @Test func GAME6_aChartInAPageLeavesItsStyleToAppCSS() {
        let svg = StatsChart.bars(title: "A", labels: ["x"], series: [("Done", "s-done", [1])], stacked: false)
        let inlined = StatsChart.inlined(svg)
        #expect(svg.contains("<style>"))
        #expect(!inlined.contains("<style>"))
        #expect(inlined.contains("class=\"bar s-done\""))
        expectWellFormed(inlined)
    }

    /// Writes sample drawings to `$DOABLE_ART_DIR` (when set) for a look: `rsvg-convert` turns them into PNGs.
    @Test func writeSamplesForALook() throws {
        guard let folder = ProcessInfo.processInfo.environment["DOABLE_ART_DIR"] else { return }
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        func write(_ name: String, _ svg: String) throws {
            try svg.write(to: url.appendingPathComponent(name + ".svg"), atomically: true, encoding: .utf8)
        }
        let colors = Companion.Color.allCases
        for (index, species) in Companion.Species.allCases.enumerated() {
            for mood in Mood.allCases {
                try write(
                    "\(species)-\(mood)",
                    CompanionArt.svg(
                        companion: Companion(name: "Pip", species: species, color: colors[(index * 3) % colors.count]),
                        mood: mood, level: [1, 5, 25, 50, 100, 12][index], worn: [], petted: mood == .happy,
                        title: "Pip"))
            }
        }
        let worn = try [
            item("Wizard hat"), item("Round glasses"), item("Red balloon"), item("Red scarf"),
            item("Striped sweater"),
        ]
        let dressed = CompanionArt.svg(
            companion: Companion(name: "Pip", species: .fox, color: .coral), mood: .happy,
            level: 30, worn: worn, petted: false, title: "Pip")
        try write("dressed", dressed)
        try write(
            "home",
            CompanionArt.home(
                companionSVG: dressed,
                furniture: catalogue.filter { !$0.slot.isWorn }
                    .filter {
                        ["Armchair", "Potted plant", "Striped rug", "Landscape painting", "Golden trophy"]
                            .contains($0.name)
                    }))
        for item in catalogue {
            try write(
                "item-\(item.name.replacingOccurrences(of: " ", with: "-"))",
                CompanionArt.itemPreview(item))
        }
        let days = (1...30).map { "Nov \($0)" }
        try write(
            "chart-bars",
            StatsChart.bars(
                title: "Completed and pending", labels: days,
                series: [
                    ("Completed", "s-done", days.indices.map { ($0 * 7) % 9 }),
                    ("Pending", "s-pending", days.indices.map { ($0 * 5) % 3 }),
                ], stacked: false))
        try write(
            "chart-stacked",
            StatsChart.bars(
                title: "On time and late", labels: Array(days.prefix(7)),
                series: [
                    ("On time", "s-done", [3, 5, 0, 8, 12, 4, 10]), ("Late", "s-late", [1, 0, 2, 0, 1, 1, 0]),
                ], stacked: true))
        try write(
            "chart-line",
            StatsChart.line(
                title: "On-time rate",
                labels: [
                    "Jan", "Feb", "Mar", "Apr", "May",
                    "Jun", "Jul", "Aug",
                ],
                values: [80, 90, nil, 60, 100, 95, 70, 88], unit: "%"))
    }
}
