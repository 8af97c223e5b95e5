import DoableCore
import DoableStore
import Foundation
import Testing

/// GAME-3: the store's first catalogue: enough items for every category and slot, each drawn with shapes the
/// validator accepts, with fixed ids and distinct names.
@Suite("Store catalogue (GAME-3)")
struct StoreCatalogueTests {
    private let items = StoreItem.catalogue(now: Timestamp(milliseconds: 1_800_000_000_000))

    @Test func GAME3_everyDrawingPassesTheValidator() throws {
        for item in items {
            #expect(throws: Never.self, "\(item.name)") { try SVGFragment.validate(item.svg, field: "svg") }
        }
    }

    @Test func GAME3_thereAreEnoughItemsWithUniqueIdsAndNames() {
        #expect(items.count >= 30)
        #expect(Set(items.map(\.id)).count == items.count)
        #expect(Set(items.map(\.name)).count == items.count)
        for item in items {
            #expect(item.id.description.hasPrefix("00000000-0000-7000-8000-0000000001"), "\(item.name)")
            #expect(!item.name.isEmpty && item.name.count <= 40)
            #expect(item.description.hasSuffix(".") && !item.description.dropLast().contains(". "), "\(item.name)")
            #expect((10...400).contains(item.price), "\(item.name)")
            #expect(!item.isRetired)
        }
        // The first item keeps the id the first migration seeded.
        #expect(items.contains { $0.id == StoreItemID("00000000-0000-7000-8000-000000000101") && $0.name == "Party hat" })
    }

    @Test func GAME3_everyCategoryAndSlotHasItems() {
        #expect(Set(items.map(\.category)) == Set(StoreItem.Category.allCases))
        #expect(Set(items.map(\.slot)) == Set(StoreItem.Slot.allCases))
    }

    @Test func GAME3_gradientIdsBelongToTheirItem() throws {
        let pattern = try NSRegularExpression(pattern: #"id="([^"]+)""#)
        var seen: Set<String> = []
        for item in items {
            let number = item.id.description.suffix(3)
            let text = item.svg as NSString
            for match in pattern.matches(in: item.svg, range: NSRange(location: 0, length: text.length)) {
                let id = text.substring(with: match.range(at: 1))
                #expect(id.hasPrefix("i\(number)-"), "\(item.name): \(id)")
                #expect(seen.insert(id).inserted, "\(id) twice")
                #expect(item.svg.contains("url(#\(id))"), "\(id) unused")
            }
        }
    }

    @Test func GAME3_slotBoxesAreInsideTheirDrawing() {
        for slot in StoreItem.Slot.allCases {
            let origin = slot.boxOrigin
            let (width, height) = slot.isWorn ? (200, 200) : (400, 260)
            #expect(origin.x >= 0 && origin.y >= 0, "\(slot)")
            #expect(origin.x + (slot == .held ? 90 : 100) <= width && origin.y + 100 <= height + 20, "\(slot)")
        }
    }
}
