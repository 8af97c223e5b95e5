public import DoableCore
import Foundation

/// GAME-3: the store's first catalogue, seeded by the migration that creates the store (admins change it later).
/// The drawings are data, in `Resources/store-catalogue.json`; ids are fixed (`00000000-0000-7000-8000-0000000001NN`)
/// so that every server seeds the same items. `StoreItem.Slot.boxOrigin` says where each slot's drawing goes.
extension StoreItem {
    public static func catalogue(now: Timestamp) -> [StoreItem] {
        CatalogueFile.entries.map { entry in
            StoreItem(
                id: entry.id, name: entry.name, description: entry.description, category: entry.category,
                slot: entry.slot, price: entry.price, svg: entry.svg, createdAt: now, updatedAt: now)
        }
    }
}

private enum CatalogueFile {
    struct Entry: Decodable {
        var id: StoreItemID
        var name: String
        var description: String
        var category: StoreItem.Category
        var slot: StoreItem.Slot
        var price: Int
        var svg: String
    }

    /// Read once; the file is part of the package, so a missing or broken one is a build fault, not a runtime one.
    static let entries: [Entry] = {
        guard let url = Bundle.module.url(forResource: "store-catalogue", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("DoableStore's resource store-catalogue.json is missing") }
        do {
            return try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            preconditionFailure("DoableStore's store-catalogue.json does not read: \(error)")
        }
    }()
}
