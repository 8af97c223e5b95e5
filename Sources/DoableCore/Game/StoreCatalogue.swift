import Foundation

/// GAME-3: the store's first catalogue, seeded by the migration that creates the store (admins change it later).
/// Ids are fixed (`00000000-0000-7000-8000-0000000001NN`) so that every server seeds the same items.
///
/// Each drawing is an `SVGFragment` in its slot's 100×100 box, translated (never scaled) to `Slot.boxOrigin`:
///
/// Worn slots, in the companion's 200×200 frame (head circle at (100, 78) radius 44, body ellipse at (100, 148)
/// 38×36, right paw at (140, 156)). In box coordinates:
/// - `head` at (50, 0): the head's centre is (50, 78), its top (50, 34); a hat's brim sits at y ≈ 40–46.
/// - `eyes` at (50, 32): the eyes are at (34, 50) and (66, 50).
/// - `neck` at (50, 80): the chin line runs from (26, 36) through (50, 42) to (74, 36); a collar hangs just below.
/// - `body` at (50, 100): the torso's centre is (50, 48), 38×36; the arms are around (13, 46) and (87, 46).
/// - `held` at (108, 92): the paw grips at (32, 64); keep drawings within x ≤ 90 (the frame's edge).
///
/// Home slots, in the 400×260 home scene (wall above y 176, floor below; the companion stands in the middle,
/// x 140–260). In box coordinates:
/// - `floorLeft` at (18, 148) and `floorRight` at (282, 148): things stand on y ≈ 92.
/// - `wall` at (28, 16): hangs within y 0–80.  `shelf` at (272, 8): the shelf's top is y 92.
/// - `rug` at (150, 136): lies around (50, 46), at most 96×32, under the companion's feet.
///
/// Gradient ids start with `i1NN-` (the item's number), so that two drawings on one page never share one.
extension StoreItem {
    public static func catalogue(now: Timestamp) -> [StoreItem] {
        CatalogueArt.entries.map { entry in
            let number = entry.number < 10 ? "0\(entry.number)" : "\(entry.number)"
            return StoreItem(
                id: StoreItemID("00000000-0000-7000-8000-0000000001\(number)")!, name: entry.name,
                description: entry.description, category: entry.category, slot: entry.slot,
                price: entry.price, svg: entry.svg, createdAt: now, updatedAt: now)
        }
    }
}

extension StoreItem.Slot {
    /// Where the slot's 100×100 box is placed: in the companion's 200×200 frame for worn slots, in the 400×260 home
    /// scene for the others (see `StoreItem.catalogue`).
    public var boxOrigin: (x: Int, y: Int) {
        switch self {
        case .head: (50, 0)
        case .eyes: (50, 32)
        case .neck: (50, 80)
        case .body: (50, 100)
        case .held: (108, 92)
        case .floorLeft: (18, 148)
        case .floorRight: (282, 148)
        case .wall: (28, 16)
        case .rug: (150, 136)
        case .shelf: (272, 8)
        }
    }
}

/// The drawings of the first catalogue.
private enum CatalogueArt {
    struct Entry {
        var number: Int
        var name: String
        var description: String
        var category: StoreItem.Category
        var slot: StoreItem.Slot
        var price: Int
        var svg: String

        init(
            _ number: Int, _ name: String, _ description: String, _ category: StoreItem.Category,
            _ slot: StoreItem.Slot, _ price: Int, _ parts: [String]
        ) {
            self.number = number
            self.name = name
            self.description = description
            self.category = category
            self.slot = slot
            self.price = price
            svg = parts.joined()
        }
    }

    static let entries: [Entry] = hats + eyewear + neckwear + outfits + heldThings + furniture + decorations

    // MARK: Head

    static let hats: [Entry] = [
        Entry(
            1, "Party hat", "A paper hat for good days.", .clothes, .head, 20,
            [
                ##"<path d="M30 44 L53 4 L72 42 Z" fill="#f43f5e" stroke="#9f1239" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<circle cx="52" cy="18" r="3" fill="#fde047"/><circle cx="45" cy="32" r="3" fill="#fde047"/>"##,
                ##"<circle cx="60" cy="30" r="3" fill="#fde047"/>"##,
                ##"<path d="M29 44 Q50 37 73 42" fill="none" stroke="#fde047" stroke-width="4" stroke-linecap="round"/>"##,
                ##"<circle cx="53" cy="6" r="5" fill="#fde047" stroke="#ca8a04" stroke-width="1.5"/>"##,
            ]),
        Entry(
            2, "Wizard hat", "A tall starry hat that makes every task feel like a spell.", .clothes, .head, 120,
            [
                ##"<ellipse cx="50" cy="42" rx="38" ry="8" fill="#4338ca" stroke="#312e81" stroke-width="2"/>"##,
                ##"<path d="M30 41 Q40 24 52 10 Q58 2 65 6 Q60 12 62 20 Q66 32 70 41 Q50 47 30 41 Z" fill="#4f46e5" "##
                    + ##"stroke="#312e81" stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M31 37 Q50 43 69 37" fill="none" stroke="#facc15" stroke-width="4"/>"##,
                Shape.star(cx: 49, cy: 25, outer: 6.5, inner: 2.8, fill: "#facc15", stroke: "#a16207"),
                ##"<circle cx="58" cy="15" r="1.8" fill="#fef08a"/><circle cx="41" cy="33" r="1.4" fill="#fef08a"/>"##,
            ]),
        Entry(
            3, "Knitted beanie", "A warm woolly hat with a fluffy pompom.", .clothes, .head, 40,
            [
                ##"<path d="M17 46 Q15 12 50 10 Q85 12 83 46 Z" fill="#14b8a6" stroke="#0f766e" stroke-width="2"/>"##,
                ##"<path d="M22 31 L29 25 L36 31 L43 25 L50 31 L57 25 L64 31 L71 25 L78 31" fill="none" stroke="#f0fdfa" "##
                    + ##"stroke-width="2.5" stroke-linejoin="round"/>"##,
                ##"<rect x="14" y="38" width="72" height="12" rx="6" fill="#0d9488" stroke="#0f766e" stroke-width="2"/>"##,
                ##"<path d="M24 40 V48 M32 40 V48 M40 40 V48 M48 40 V48 M56 40 V48 M64 40 V48 M72 40 V48" "##
                    + ##"stroke="#0f766e" stroke-width="1.5" opacity=".6"/>"##,
                ##"<circle cx="50" cy="9" r="8" fill="#f0fdfa" stroke="#0f766e" stroke-width="2"/>"##,
            ]),
        Entry(
            4, "Top hat", "A very proper hat for a very proper pet.", .clothes, .head, 150,
            [
                ##"<g transform="rotate(-8 50 40)">"##,
                ##"<rect x="31" y="6" width="38" height="34" rx="3" fill="#1f2937" stroke="#6b7280" stroke-width="2"/>"##,
                ##"<rect x="32" y="29" width="36" height="7" fill="#dc2626"/>"##,
                ##"<ellipse cx="50" cy="41" rx="30" ry="6" fill="#111827" stroke="#6b7280" stroke-width="2"/>"##,
                ##"<path d="M36 11 V26" stroke="#9ca3af" stroke-width="2.5" stroke-linecap="round" opacity=".6"/></g>"##,
            ]),
        Entry(
            5, "Flower crown", "A ring of spring flowers woven by hand.", .accessory, .head, 90,
            [
                Shape.arcPath(cx: 50, cy: 78, radius: 45, from: 200, to: 340, stroke: "#15803d", width: 3),
                Shape.leaves(cx: 50, cy: 78, radius: 46, angles: [218, 252, 288, 322], fill: "#4ade80", stroke: "#15803d"),
                Shape.flower(
                    at: Shape.onCircle(cx: 50, cy: 78, radius: 45, degrees: 205), petal: 4.5,
                    fill: "#f9a8d4", stroke: "#be185d", centre: "#fde047"),
                Shape.flower(
                    at: Shape.onCircle(cx: 50, cy: 78, radius: 45, degrees: 235), petal: 5,
                    fill: "#fde047", stroke: "#ca8a04", centre: "#f97316"),
                Shape.flower(
                    at: Shape.onCircle(cx: 50, cy: 78, radius: 45, degrees: 270), petal: 6,
                    fill: "#c4b5fd", stroke: "#6d28d9", centre: "#fde047"),
                Shape.flower(
                    at: Shape.onCircle(cx: 50, cy: 78, radius: 45, degrees: 305), petal: 5,
                    fill: "#fde047", stroke: "#ca8a04", centre: "#f97316"),
                Shape.flower(
                    at: Shape.onCircle(cx: 50, cy: 78, radius: 45, degrees: 335), petal: 4.5,
                    fill: "#f9a8d4", stroke: "#be185d", centre: "#fde047"),
            ]),
        Entry(
            6, "Baseball cap", "A sporty cap, worn a little to the side.", .clothes, .head, 50,
            [
                ##"<path d="M16 46 Q14 12 50 12 Q86 12 84 46 Q50 38 16 46 Z" fill="#3b82f6" stroke="#1e3a8a" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M50 13 V41" stroke="#1e3a8a" stroke-width="1.5" opacity=".5"/>"##,
                ##"<circle cx="36" cy="29" r="7" fill="#fbbf24" stroke="#1e3a8a" stroke-width="1.5"/>"##,
                ##"<path d="M60 39 Q88 34 98 44 Q84 51 60 46 Z" fill="#1d4ed8" stroke="#1e3a8a" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<circle cx="50" cy="12" r="3.5" fill="#1e3a8a"/>"##,
            ]),
        Entry(
            39, "Royal crown", "Solid gold with three jewels, for the ruler of the to-do list.", .clothes, .head, 400,
            [
                ##"<defs><linearGradient id="i139-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fef3c7"/>"##,
                ##"<stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>"##,
                ##"<path d="M24 44 L20 14 L36 28 L50 6 L64 28 L80 14 L76 44 Z" fill="url(#i139-gold)" stroke="#92400e" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<rect x="22" y="37" width="56" height="9" rx="2" fill="#d97706" stroke="#92400e" stroke-width="2"/>"##,
                ##"<circle cx="36" cy="41.5" r="3" fill="#ef4444"/><circle cx="50" cy="41.5" r="3.4" fill="#3b82f6"/>"##,
                ##"<circle cx="64" cy="41.5" r="3" fill="#22c55e"/>"##,
                ##"<circle cx="20" cy="14" r="3" fill="#fef3c7" stroke="#92400e" stroke-width="1.5"/>"##,
                ##"<circle cx="50" cy="6" r="3.5" fill="#fef3c7" stroke="#92400e" stroke-width="1.5"/>"##,
                ##"<circle cx="80" cy="14" r="3" fill="#fef3c7" stroke="#92400e" stroke-width="1.5"/>"##,
            ]),
    ]

    // MARK: Eyes

    static let eyewear: [Entry] = [
        Entry(
            7, "Round glasses", "Tortoiseshell glasses for careful reading of task notes.", .accessory, .eyes, 45,
            [
                ##"<path d="M21 47 L8 42 M79 47 L92 42" stroke="#92400e" stroke-width="3" stroke-linecap="round"/>"##,
                ##"<circle cx="34" cy="50" r="13" fill="#e0f2fe" fill-opacity=".35" stroke="#92400e" stroke-width="3"/>"##,
                ##"<circle cx="66" cy="50" r="13" fill="#e0f2fe" fill-opacity=".35" stroke="#92400e" stroke-width="3"/>"##,
                ##"<path d="M47 49 Q50 45 53 49" fill="none" stroke="#92400e" stroke-width="3" stroke-linecap="round"/>"##,
                ##"<path d="M27 45 Q29 42 33 41 M59 45 Q61 42 65 41" fill="none" stroke="#fff" stroke-width="2" "##
                    + ##"stroke-linecap="round" opacity=".8"/>"##,
            ]),
        Entry(
            8, "Sunglasses", "Dark shades for a cool companion on sunny days.", .accessory, .eyes, 60,
            [
                ##"<path d="M17 45 L7 40 M83 45 L93 40" stroke="#111827" stroke-width="3" stroke-linecap="round"/>"##,
                ##"<path d="M16 42 H48 V49 Q48 61 36 61 H28 Q16 61 16 49 Z" fill="#111827" stroke="#4b5563" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M52 42 H84 V49 Q84 61 72 61 H64 Q52 61 52 49 Z" fill="#111827" stroke="#4b5563" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M47 45 H53" stroke="#4b5563" stroke-width="3"/>"##,
                ##"<path d="M21 47 L29 47 M57 47 L65 47" stroke="#fff" stroke-width="2" stroke-linecap="round" "##
                    + ##"opacity=".55"/>"##,
            ]),
        Entry(
            9, "Star glasses", "Pink star-shaped glasses for the party of finishing things.", .accessory, .eyes, 80,
            [
                ##"<path d="M48 50 H52 M20 46 L8 41 M80 46 L92 41" stroke="#be185d" stroke-width="3" "##
                    + ##"stroke-linecap="round"/>"##,
                Shape.star(cx: 34, cy: 50, outer: 15, inner: 8, fill: "#f472b6", stroke: "#be185d"),
                Shape.star(cx: 66, cy: 50, outer: 15, inner: 8, fill: "#f472b6", stroke: "#be185d"),
                ##"<circle cx="34" cy="51" r="6.5" fill="#fdf2f8" fill-opacity=".55"/>"##,
                ##"<circle cx="66" cy="51" r="6.5" fill="#fdf2f8" fill-opacity=".55"/>"##,
            ]),
        Entry(
            10, "Monocle", "A single gold-rimmed lens on a fine chain.", .accessory, .eyes, 70,
            [
                ##"<path d="M75 60 Q84 78 72 98" fill="none" stroke="#ca8a04" stroke-width="1.5"/>"##,
                ##"<circle cx="66" cy="50" r="13" fill="#e0f2fe" fill-opacity=".3" stroke="#ca8a04" stroke-width="3"/>"##,
                ##"<path d="M59 45 Q61 42 65 41" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" "##
                    + ##"opacity=".8"/>"##,
            ]),
    ]

    // MARK: Neck

    static let neckwear: [Entry] = [
        Entry(
            11, "Red scarf", "A cosy knitted scarf for chilly mornings.", .clothes, .neck, 35,
            [
                ##"<path d="M58 46 L66 76 L55 78 L50 50 Z" fill="#ef4444" stroke="#991b1b" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<path d="M55 62 L63 60 M57 69 L64 67" stroke="#fecaca" stroke-width="2.5"/>"##,
                ##"<path d="M57 78 L57 83 M61 77 L62 82 M65 76 L66 81" stroke="#991b1b" stroke-width="1.5" "##
                    + ##"stroke-linecap="round"/>"##,
                ##"<path d="M24 34 Q50 50 76 34 L78 42 Q50 60 22 42 Z" fill="#dc2626" stroke="#991b1b" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<path d="M29 41 Q50 53 71 41" fill="none" stroke="#fecaca" stroke-width="2.5"/>"##,
            ]),
        Entry(
            12, "Bow tie", "A dapper purple bow tie with white dots.", .clothes, .neck, 30,
            [
                ##"<path d="M50 46 L33 36 Q29 46 33 56 Z" fill="#8b5cf6" stroke="#5b21b6" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<path d="M50 46 L67 36 Q71 46 67 56 Z" fill="#8b5cf6" stroke="#5b21b6" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<circle cx="38" cy="43" r="1.6" fill="#ede9fe"/><circle cx="37" cy="50" r="1.6" fill="#ede9fe"/>"##,
                ##"<circle cx="62" cy="43" r="1.6" fill="#ede9fe"/><circle cx="63" cy="50" r="1.6" fill="#ede9fe"/>"##,
                ##"<rect x="45" y="41" width="10" height="10" rx="3" fill="#7c3aed" stroke="#5b21b6" stroke-width="2"/>"##,
            ]),
        Entry(
            13, "Bell collar", "A red collar with a little bell that jingles when you finish a task.", .accessory,
            .neck, 25,
            [
                ##"<path d="M25 35 Q50 51 75 35 L75 41 Q50 58 25 41 Z" fill="#e11d48" stroke="#9f1239" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<circle cx="50" cy="55" r="7" fill="#facc15" stroke="#a16207" stroke-width="2"/>"##,
                ##"<path d="M44 55 H56" stroke="#a16207" stroke-width="1.5"/>"##,
                ##"<circle cx="50" cy="58.5" r="1.6" fill="#a16207"/>"##,
                ##"<path d="M46 51 Q48 49 50 49" fill="none" stroke="#fff" stroke-width="1.5" opacity=".8"/>"##,
            ]),
        Entry(
            14, "Pearl necklace", "A string of pearls with a rose-pink drop.", .accessory, .neck, 110,
            [
                Shape.pearls(from: (26, 36), control: (50, 62), to: (74, 36), count: 13, radius: 3),
                ##"<path d="M50 51 Q57 58 50 65 Q43 58 50 51 Z" fill="#f472b6" stroke="#be185d" stroke-width="1.5"/>"##,
            ]),
    ]

    // MARK: Body

    static let outfits: [Entry] = [
        Entry(
            15, "Striped sweater", "An orange jumper with cream stripes, soft as a hug.", .clothes, .body, 90,
            [
                Shape.sleeves(fill: "#fb923c", stroke: "#c2410c"),
                Shape.torso(top: 16, bottom: 78, fill: "#fb923c", stroke: "#c2410c"),
                Shape.torsoBand(from: 30, to: 36, fill: "#fff7ed"),
                Shape.torsoBand(from: 46, to: 52, fill: "#fff7ed"),
                Shape.torsoBand(from: 62, to: 68, fill: "#fff7ed"),
                Shape.torsoBand(from: 72, to: 77, fill: "#ea580c"),
                ##"<path d="M32 17 Q50 28 68 17" fill="none" stroke="#ea580c" stroke-width="4" stroke-linecap="round"/>"##,
            ]),
        Entry(
            16, "Hero cape", "A flowing red cape with a golden star: every task is a rescue.", .clothes, .body, 140,
            [
                ##"<path d="M30 16 Q8 44 2 88 Q14 82 24 88 Q22 50 36 20 Z" fill="#dc2626" stroke="#991b1b" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M70 16 Q92 44 98 88 Q86 82 76 88 Q78 50 64 20 Z" fill="#dc2626" stroke="#991b1b" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M32 18 Q50 28 68 18" fill="none" stroke="#facc15" stroke-width="3"/>"##,
                ##"<circle cx="32" cy="18" r="4.5" fill="#facc15" stroke="#a16207" stroke-width="1.5"/>"##,
                ##"<circle cx="68" cy="18" r="4.5" fill="#facc15" stroke="#a16207" stroke-width="1.5"/>"##,
                Shape.star(cx: 50, cy: 48, outer: 11, inner: 5, fill: "#facc15", stroke: "#a16207"),
            ]),
        Entry(
            17, "Raincoat", "A bright yellow raincoat: no puddle can stop you.", .clothes, .body, 100,
            [
                Shape.sleeves(fill: "#facc15", stroke: "#a16207"),
                Shape.torso(top: 16, bottom: 80, fill: "#facc15", stroke: "#a16207"),
                ##"<path d="M50 26 V79" stroke="#a16207" stroke-width="2"/>"##,
                ##"<path d="M32 17 L50 28 L40 34 Z M68 17 L50 28 L60 34 Z" fill="#fde047" stroke="#a16207" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<circle cx="45" cy="42" r="2.5" fill="#a16207"/><circle cx="45" cy="56" r="2.5" fill="#a16207"/>"##,
                ##"<circle cx="45" cy="70" r="2.5" fill="#a16207"/>"##,
                ##"<path d="M24 58 H36 M64 58 H76" stroke="#a16207" stroke-width="2" stroke-linecap="round"/>"##,
            ]),
        Entry(
            18, "Dungarees", "Denim dungarees with brass buttons, ready for a day of getting things done.",
            .clothes, .body, 85,
            [
                Shape.torso(top: 46, bottom: 80, fill: "#3b82f6", stroke: "#1e40af", neckDip: 0),
                ##"<rect x="34" y="24" width="32" height="26" rx="3" fill="#3b82f6" stroke="#1e40af" "##
                    + ##"stroke-width="2"/>"##,
                ##"<path d="M37 25 L28 13 M63 25 L72 13" stroke="#1d4ed8" stroke-width="5" stroke-linecap="round"/>"##,
                ##"<rect x="43" y="31" width="14" height="10" rx="2" fill="none" stroke="#1e40af" stroke-width="1.5"/>"##,
                ##"<circle cx="37" cy="28" r="2.5" fill="#fbbf24"/><circle cx="63" cy="28" r="2.5" fill="#fbbf24"/>"##,
                ##"<path d="M50 52 V79" stroke="#1e40af" stroke-width="1.5" opacity=".7"/>"##,
            ]),
    ]

    // MARK: Held

    static let heldThings: [Entry] = [
        Entry(
            19, "Red balloon", "A shiny balloon on a string that never floats away.", .trinket, .held, 15,
            [
                ##"<path d="M32 64 Q44 52 40 45 Q37 38 60 38" fill="none" stroke="#64748b" stroke-width="1.5"/>"##,
                ##"<path d="M57 41 L60 36 L63 41 Z" fill="#dc2626"/>"##,
                ##"<ellipse cx="60" cy="20" rx="14" ry="17" fill="#ef4444" stroke="#b91c1c" stroke-width="2"/>"##,
                ##"<path d="M52 12 Q54 8 58 7" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" "##
                    + ##"opacity=".7"/>"##,
            ]),
        Entry(
            20, "Magic wand", "A wand with a golden star that makes every task feel a little lighter.",
            .trinket, .held, 75,
            [
                ##"<path d="M31 68 L55 27" stroke="#1f2937" stroke-width="4" stroke-linecap="round"/>"##,
                ##"<path d="M51 34 L55 27" stroke="#f8fafc" stroke-width="2.5" stroke-linecap="round"/>"##,
                Shape.star(cx: 57, cy: 22, outer: 12, inner: 5, fill: "#facc15", stroke: "#a16207"),
                Shape.sparkle(cx: 77, cy: 12, size: 5, fill: "#fde047"),
                Shape.sparkle(cx: 76, cy: 36, size: 3.5, fill: "#fde047"),
            ]),
        Entry(
            21, "Lollipop", "A swirly strawberry lollipop: a sweet treat after a hard task.", .trinket, .held, 10,
            [
                ##"<path d="M32 68 L42 35" stroke="#94a3b8" stroke-width="5" stroke-linecap="round"/>"##,
                ##"<path d="M32 68 L42 35" stroke="#f8fafc" stroke-width="2.5" stroke-linecap="round"/>"##,
                ##"<circle cx="44" cy="24" r="13" fill="#f472b6" stroke="#be185d" stroke-width="2"/>"##,
                ##"<path d="M44 24 m-2 0 a2 2 0 1 1 4 0 a5 5 0 1 1 -10 0 a8 8 0 1 1 16 0" fill="none" stroke="#fdf2f8" "##
                    + ##"stroke-width="2.5" stroke-linecap="round"/>"##,
            ]),
        Entry(
            22, "Teddy bear", "A small bear to cuddle on busy days.", .trinket, .held, 60,
            [
                ##"<circle cx="38" cy="30" r="5" fill="#b45309" stroke="#78350f" stroke-width="2"/>"##,
                ##"<circle cx="58" cy="30" r="5" fill="#b45309" stroke="#78350f" stroke-width="2"/>"##,
                ##"<ellipse cx="48" cy="64" rx="13" ry="15" fill="#d97706" stroke="#78350f" stroke-width="2"/>"##,
                ##"<ellipse cx="48" cy="66" rx="7" ry="8" fill="#fde68a"/>"##,
                ##"<circle cx="48" cy="40" r="12" fill="#d97706" stroke="#78350f" stroke-width="2"/>"##,
                ##"<ellipse cx="48" cy="44.5" rx="5.5" ry="4" fill="#fde68a"/>"##,
                ##"<ellipse cx="48" cy="43" rx="2" ry="1.5" fill="#451a03"/>"##,
                ##"<circle cx="43.5" cy="37" r="1.6" fill="#451a03"/><circle cx="52.5" cy="37" r="1.6" fill="#451a03"/>"##,
            ]),
        Entry(
            23, "Tiny umbrella", "A purple umbrella for rainy-day errands.", .accessory, .held, 55,
            [
                ##"<path d="M38 20 V62 Q38 70 32 70 Q27 70 27 65" fill="none" stroke="#334155" stroke-width="3" "##
                    + ##"stroke-linecap="round"/>"##,
                ##"<path d="M10 24 Q38 -4 66 24 Q59 19 52 24 Q45 19 38 24 Q31 19 24 24 Q17 19 10 24 Z" fill="#8b5cf6" "##
                    + ##"stroke="#5b21b6" stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M38 10 Q30 15 24 24 M38 10 Q46 15 52 24" fill="none" stroke="#5b21b6" stroke-width="1.5"/>"##,
                ##"<path d="M38 10 V5" stroke="#334155" stroke-width="2.5" stroke-linecap="round"/>"##,
            ]),
        Entry(
            24, "Sunflower", "A sunflower that turns to face whatever you do next.", .trinket, .held, 20,
            [
                ##"<path d="M32 68 Q36 44 45 26" fill="none" stroke="#16a34a" stroke-width="3.5" stroke-linecap="round"/>"##,
                ##"<path d="M37 50 Q24 46 21 36 Q32 37 37 50 Z" fill="#4ade80" stroke="#15803d" stroke-width="1.5"/>"##,
                Shape.petals(cx: 46, cy: 22, count: 12, distance: 9, rx: 3.5, ry: 7, fill: "#facc15", stroke: "#ca8a04"),
                ##"<circle cx="46" cy="22" r="7" fill="#78350f" stroke="#451a03" stroke-width="1.5"/>"##,
                ##"<circle cx="44" cy="20" r="1" fill="#d97706"/><circle cx="48" cy="23" r="1" fill="#d97706"/>"##,
                ##"<circle cx="44" cy="25" r="1" fill="#d97706"/>"##,
            ]),
    ]
}

// MARK: Home

extension CatalogueArt {
    static let furniture: [Entry] = [
        Entry(
            25, "Potted plant", "A leafy friend in a terracotta pot that grows with every task you finish.",
            .furniture, .floorLeft, 40,
            [
                Shape.leafFan(
                    baseX: 50, baseY: 62, angles: [-44, -22, 0, 22, 44], length: 40,
                    fills: ["#16a34a", "#22c55e", "#4ade80", "#22c55e", "#16a34a"], stroke: "#166534"),
                ##"<path d="M32 62 H68 L63 92 H37 Z" fill="#ea580c" stroke="#9a3412" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<rect x="29" y="58" width="42" height="8" rx="2" fill="#f97316" stroke="#9a3412" stroke-width="2"/>"##,
            ]),
        Entry(
            26, "Reading lamp", "A floor lamp with a warm yellow glow for evening planning.", .furniture,
            .floorLeft, 70,
            [
                ##"<path d="M34 32 L14 92 H86 L66 32 Z" fill="#fef08a" opacity=".3"/>"##,
                ##"<ellipse cx="50" cy="91" rx="16" ry="4" fill="#334155"/>"##,
                ##"<path d="M50 90 V30" stroke="#475569" stroke-width="3"/>"##,
                ##"<path d="M32 34 L40 8 H60 L68 34 Z" fill="#fbbf24" stroke="#b45309" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<path d="M40 14 L36 28" stroke="#fef3c7" stroke-width="2" stroke-linecap="round" opacity=".8"/>"##,
            ]),
        Entry(
            27, "Armchair", "A deep purple armchair for a well-earned rest.", .furniture, .floorRight, 200,
            [
                ##"<rect x="16" y="84" width="6" height="9" fill="#78350f"/><rect x="78" y="84" width="6" height="9" "##
                    + ##"fill="#78350f"/>"##,
                ##"<rect x="16" y="24" width="68" height="50" rx="16" fill="#8b5cf6" stroke="#5b21b6" stroke-width="2"/>"##,
                ##"<circle cx="38" cy="42" r="2" fill="#5b21b6"/><circle cx="62" cy="42" r="2" fill="#5b21b6"/>"##,
                ##"<rect x="14" y="60" width="72" height="24" rx="8" fill="#a78bfa" stroke="#5b21b6" stroke-width="2"/>"##,
                ##"<rect x="4" y="46" width="20" height="40" rx="9" fill="#7c3aed" stroke="#5b21b6" stroke-width="2"/>"##,
                ##"<rect x="76" y="46" width="20" height="40" rx="9" fill="#7c3aed" stroke="#5b21b6" stroke-width="2"/>"##,
            ]),
        Entry(
            28, "Bookcase", "Shelves of colourful books, every one of them finished.", .furniture, .floorRight, 250,
            [
                ##"<rect x="14" y="4" width="72" height="89" rx="3" fill="#92400e" stroke="#78350f" stroke-width="2"/>"##,
                ##"<rect x="19" y="9" width="62" height="79" fill="#78350f"/>"##,
                Shape.books(
                    shelfBottom: 31, left: 21,
                    [
                        (7, 18, "#ef4444"), (6, 20, "#3b82f6"), (8, 16, "#facc15"),
                        (6, 19, "#22c55e"), (7, 17, "#a855f7"), (9, 14, "#f97316"),
                    ]),
                Shape.books(
                    shelfBottom: 58, left: 21,
                    [
                        (8, 17, "#14b8a6"), (6, 20, "#f43f5e"), (7, 18, "#6366f1"),
                        (10, 12, "#fbbf24"), (6, 19, "#84cc16"),
                    ]),
                Shape.books(
                    shelfBottom: 85, left: 21,
                    [
                        (6, 19, "#0ea5e9"), (8, 16, "#ec4899"), (7, 20, "#f59e0b"),
                        (6, 18, "#10b981"), (8, 17, "#8b5cf6"), (7, 15, "#ef4444"),
                    ]),
                ##"<path d="M19 32 H81 M19 59 H81" stroke="#92400e" stroke-width="3"/>"##,
            ]),
        Entry(
            29, "Cosy bed", "A round cushioned bed, with a chew toy, for naps between tasks.", .furniture,
            .floorLeft, 180,
            [
                ##"<path d="M8 80 Q6 52 50 50 Q94 52 92 80 Z" fill="#38bdf8" stroke="#0369a1" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<ellipse cx="50" cy="74" rx="34" ry="10" fill="#e0f2fe" stroke="#7dd3fc" stroke-width="2"/>"##,
                ##"<path d="M42 72 H58" stroke="#b45309" stroke-width="6" stroke-linecap="round"/>"##,
                ##"<circle cx="41" cy="70" r="2.6" fill="#fde68a" stroke="#b45309"/><circle cx="41" cy="74" r="2.6" "##
                    + ##"fill="#fde68a" stroke="#b45309"/><circle cx="59" cy="70" r="2.6" fill="#fde68a" stroke="#b45309"/>"##,
                ##"<circle cx="59" cy="74" r="2.6" fill="#fde68a" stroke="#b45309"/>"##,
                ##"<path d="M42 72 H58" stroke="#fde68a" stroke-width="4"/>"##,
                ##"<path d="M5 76 Q50 96 95 76 Q96 90 50 93 Q4 90 5 76 Z" fill="#0ea5e9" stroke="#0369a1" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M20 86 Q50 94 80 86" fill="none" stroke="#bae6fd" stroke-width="2" stroke-linecap="round"/>"##,
            ]),
        Entry(
            30, "Round rug", "A soft pink rug in rings, warm under little paws.", .furniture, .rug, 60,
            [
                ##"<ellipse cx="50" cy="46" rx="48" ry="15" fill="#f472b6" stroke="#be185d" stroke-width="2"/>"##,
                ##"<ellipse cx="50" cy="46" rx="36" ry="11" fill="#f9a8d4"/>"##,
                ##"<ellipse cx="50" cy="46" rx="22" ry="7" fill="#fbcfe8"/>"##,
                ##"<ellipse cx="50" cy="46" rx="9" ry="3" fill="#f472b6"/>"##,
            ]),
        Entry(
            31, "Striped rug", "A woven rug in teal and orange with a fringe.", .furniture, .rug, 80,
            [
                Shape.fringe(y1: 31, y2: 61, leftTop: 16, leftBottom: 5, stroke: "#b45309"),
                ##"<path d="M16 32 H84 L95 60 H5 Z" fill="#fef3c7" stroke="#b45309" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                Shape.rugBand(from: 36, to: 40, fill: "#0d9488"),
                Shape.rugBand(from: 44, to: 48, fill: "#f97316"),
                Shape.rugBand(from: 52, to: 56, fill: "#0d9488"),
            ]),
        Entry(
            40, "Treasure chest", "A chest with a golden lock, to keep your best days in.", .furniture,
            .floorRight, 350,
            [
                ##"<rect x="14" y="50" width="72" height="42" rx="4" fill="#a16207" stroke="#713f12" "##
                    + ##"stroke-width="2"/>"##,
                ##"<path d="M14 50 V40 Q14 24 50 24 Q86 24 86 40 V50 Z" fill="#ca8a04" stroke="#713f12" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<path d="M26 26 V92 M74 26 V92" stroke="#713f12" stroke-width="5"/>"##,
                ##"<path d="M14 50 H86" stroke="#fde047" stroke-width="3"/>"##,
                ##"<rect x="43" y="44" width="14" height="15" rx="2" fill="#fde047" stroke="#713f12" "##
                    + ##"stroke-width="2"/>"##,
                ##"<path d="M50 49 V54" stroke="#713f12" stroke-width="2.5" stroke-linecap="round"/>"##,
                Shape.sparkle(cx: 84, cy: 18, size: 5, fill: "#fde047"),
            ]),
    ]

    static let decorations: [Entry] = [
        Entry(
            32, "Landscape painting", "Green hills under a sunny sky, in a wooden frame.", .trinket, .wall, 90,
            [
                ##"<defs><linearGradient id="i132-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/>"##,
                ##"<stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>"##,
                ##"<path d="M30 9 L50 1 L70 9" fill="none" stroke="#475569" stroke-width="1.5"/>"##,
                ##"<rect x="6" y="8" width="88" height="66" rx="3" fill="#b45309" stroke="#78350f" stroke-width="2"/>"##,
                ##"<rect x="13" y="15" width="74" height="52" fill="url(#i132-sky)"/>"##,
                ##"<circle cx="70" cy="28" r="7" fill="#fde047"/>"##,
                ##"<path d="M13 52 Q30 36 48 50 Q62 40 87 50 V67 H13 Z" fill="#4ade80"/>"##,
                ##"<path d="M13 60 Q40 52 87 62 V67 H13 Z" fill="#16a34a"/>"##,
            ]),
        Entry(
            33, "Wall clock", "A round clock that always shows it's a good time to start.", .trinket, .wall, 70,
            [
                ##"<circle cx="50" cy="40" r="32" fill="#fffbeb" stroke="#334155" stroke-width="5"/>"##,
                Shape.clockTicks(cx: 50, cy: 40),
                ##"<path d="M50 40 V22 M50 40 L63 47" stroke="#1e293b" stroke-width="3" stroke-linecap="round"/>"##,
                ##"<circle cx="50" cy="40" r="3" fill="#dc2626"/>"##,
            ]),
        Entry(
            34, "Bunting", "A string of bright little flags for every day you keep your streak.", .trinket, .wall, 35,
            [
                ##"<path d="M2 12 Q50 44 98 12" fill="none" stroke="#64748b" stroke-width="1.5"/>"##,
                Shape.flags(
                    from: (2, 12), control: (50, 44), to: (98, 12),
                    colours: ["#ef4444", "#f59e0b", "#22c55e", "#3b82f6", "#a855f7", "#ec4899", "#14b8a6"]),
            ]),
        Entry(
            35, "Fishbowl", "A round bowl with a goldfish who cheers you on.", .trinket, .shelf, 85,
            [
                ##"<circle cx="50" cy="68" r="24" fill="#bae6fd" fill-opacity=".55" stroke="#0284c7" stroke-width="2"/>"##,
                ##"<path d="M27 62 Q50 66 73 62 A24 24 0 1 1 27 62 Z" fill="#38bdf8" fill-opacity=".4"/>"##,
                ##"<ellipse cx="50" cy="46" rx="10" ry="2.5" fill="#e0f2fe" stroke="#0284c7" stroke-width="2"/>"##,
                ##"<path d="M44 73 L37 68 L37 78 Z" fill="#f97316" stroke="#c2410c" stroke-width="1"/>"##,
                ##"<path d="M43 73 Q52 65 61 73 Q52 81 43 73 Z" fill="#f97316" stroke="#c2410c" stroke-width="1"/>"##,
                ##"<circle cx="57" cy="72" r="1.2" fill="#1f2937"/>"##,
                ##"<circle cx="63" cy="60" r="1.6" fill="none" stroke="#0284c7"/>"##,
                ##"<circle cx="60" cy="54" r="1.1" fill="none" stroke="#0284c7"/>"##,
            ]),
        Entry(
            36, "Golden trophy", "A shining cup for the champion of getting things done.", .trinket, .shelf, 300,
            [
                ##"<defs><linearGradient id="i136-gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fde68a"/>"##,
                ##"<stop offset=".5" stop-color="#facc15"/><stop offset="1" stop-color="#ca8a04"/></linearGradient></defs>"##,
                ##"<path d="M36 33 Q22 33 24 45 Q26 55 40 56 M64 33 Q78 33 76 45 Q74 55 60 56" fill="none" "##
                    + ##"stroke="#a16207" stroke-width="4" stroke-linecap="round"/>"##,
                ##"<path d="M34 28 H66 Q66 58 50 62 Q34 58 34 28 Z" fill="url(#i136-gold)" stroke="#a16207" "##
                    + ##"stroke-width="2" stroke-linejoin="round"/>"##,
                ##"<rect x="46" y="61" width="8" height="15" fill="#ca8a04" stroke="#a16207" stroke-width="1.5"/>"##,
                ##"<rect x="34" y="76" width="32" height="16" rx="2" fill="#78350f" stroke="#451a03" stroke-width="2"/>"##,
                ##"<rect x="42" y="81" width="16" height="6" rx="1" fill="#fde68a"/>"##,
                Shape.star(cx: 50, cy: 42, outer: 7, inner: 3, fill: "#fef9c3", stroke: "#a16207"),
            ]),
        Entry(
            37, "Snow globe", "Shake it and watch the snow fall on a tiny pine tree.", .trinket, .shelf, 120,
            [
                ##"<circle cx="50" cy="60" r="24" fill="#e0f2fe" fill-opacity=".7" stroke="#64748b" stroke-width="2"/>"##,
                ##"<path d="M28 70 Q50 62 72 70 A24 24 0 0 1 28 70 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="1"/>"##,
                ##"<polygon points="50,42 40,66 60,66" fill="#16a34a" stroke="#166534" stroke-width="1.5"/>"##,
                ##"<rect x="48" y="66" width="4" height="4" fill="#78350f"/>"##,
                ##"<circle cx="38" cy="52" r="1.5" fill="#fff" stroke="#94a3b8" stroke-width=".8"/>"##,
                ##"<circle cx="62" cy="48" r="1.5" fill="#fff" stroke="#94a3b8" stroke-width=".8"/>"##,
                ##"<circle cx="57" cy="58" r="1.2" fill="#fff" stroke="#94a3b8" stroke-width=".8"/>"##,
                ##"<circle cx="44" cy="44" r="1.2" fill="#fff" stroke="#94a3b8" stroke-width=".8"/>"##,
                ##"<path d="M34 52 Q36 44 42 40" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>"##,
                ##"<path d="M30 80 H70 L66 92 H34 Z" fill="#b91c1c" stroke="#7f1d1d" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
            ]),
        Entry(
            38, "Little cactus", "A tiny cactus with a pink flower that forgives a forgotten watering.", .trinket,
            .shelf, 25,
            [
                ##"<path d="M43 58 H37 Q33 58 33 54 V46 M57 52 H63 Q67 52 67 48 V40" fill="none" stroke="#15803d" "##
                    + ##"stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>"##,
                ##"<path d="M43 58 H37 Q33 58 33 54 V46 M57 52 H63 Q67 52 67 48 V40" fill="none" stroke="#22c55e" "##
                    + ##"stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>"##,
                ##"<rect x="43" y="36" width="14" height="40" rx="7" fill="#22c55e" stroke="#15803d" stroke-width="2"/>"##,
                ##"<path d="M50 42 V70" stroke="#15803d" stroke-width="1.2" opacity=".6"/>"##,
                ##"<circle cx="46" cy="35" r="3" fill="#f472b6"/><circle cx="54" cy="35" r="3" fill="#f472b6"/>"##,
                ##"<circle cx="50" cy="32" r="3" fill="#f472b6"/><circle cx="50" cy="35" r="2" fill="#fde047"/>"##,
                ##"<path d="M38 76 H62 L59 92 H41 Z" fill="#f97316" stroke="#9a3412" stroke-width="2" "##
                    + ##"stroke-linejoin="round"/>"##,
                ##"<rect x="36" y="72" width="28" height="6" rx="1.5" fill="#fb923c" stroke="#9a3412" stroke-width="2"/>"##,
            ]),
    ]
}

// MARK: Shapes drawn by formula

/// Small drawing helpers: shapes that are easier to compute than to write out (stars, arcs of flowers, bands that
/// follow the torso's curve). Each returns SVG elements as text, with coordinates to one decimal.
private enum Shape {
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    static func onCircle(cx: Double, cy: Double, radius: Double, degrees: Double) -> (x: Double, y: Double) {
        let angle = degrees * .pi / 180
        return (cx + radius * cos(angle), cy + radius * sin(angle))
    }

    static func star(cx: Double, cy: Double, outer: Double, inner: Double, fill: String, stroke: String) -> String {
        let points = (0..<10).map { index in
            let point = onCircle(cx: cx, cy: cy, radius: index % 2 == 0 ? outer : inner, degrees: -90 + Double(index) * 36)
            return number(point.x) + "," + number(point.y)
        }
        return "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(fill)\" stroke=\"\(stroke)\" "
            + "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
    }

    /// A four-pointed twinkle.
    static func sparkle(cx: Double, cy: Double, size: Double, fill: String) -> String {
        let s = size, t = size * 0.28
        let d =
            "M\(number(cx)) \(number(cy - s)) Q\(number(cx + t)) \(number(cy - t)) \(number(cx + s)) \(number(cy)) "
            + "Q\(number(cx + t)) \(number(cy + t)) \(number(cx)) \(number(cy + s)) "
            + "Q\(number(cx - t)) \(number(cy + t)) \(number(cx - s)) \(number(cy)) "
            + "Q\(number(cx - t)) \(number(cy - t)) \(number(cx)) \(number(cy - s)) Z"
        return "<path d=\"\(d)\" fill=\"\(fill)\"/>"
    }

    static func arcPath(
        cx: Double, cy: Double, radius: Double, from: Double, to: Double, stroke: String,
        width: Double
    ) -> String {
        let start = onCircle(cx: cx, cy: cy, radius: radius, degrees: from)
        let end = onCircle(cx: cx, cy: cy, radius: radius, degrees: to)
        return "<path d=\"M\(number(start.x)) \(number(start.y)) A\(number(radius)) \(number(radius)) 0 0 1 "
            + "\(number(end.x)) \(number(end.y))\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(number(width))\" "
            + "stroke-linecap=\"round\"/>"
    }

    /// Leaves lying along a circle, pointing along it.
    static func leaves(cx: Double, cy: Double, radius: Double, angles: [Double], fill: String, stroke: String) -> String {
        angles.map { degrees in
            let point = onCircle(cx: cx, cy: cy, radius: radius, degrees: degrees)
            return "<ellipse cx=\"\(number(point.x))\" cy=\"\(number(point.y))\" rx=\"6\" ry=\"3\" fill=\"\(fill)\" "
                + "stroke=\"\(stroke)\" stroke-width=\"1\" transform=\"rotate(\(number(degrees + 90 + 25)) "
                + "\(number(point.x)) \(number(point.y)))\"/>"
        }.joined()
    }

    static func flower(
        at point: (x: Double, y: Double), petal: Double, fill: String, stroke: String,
        centre: String
    ) -> String {
        let petals = (0..<5).map { index in
            let p = onCircle(cx: point.x, cy: point.y, radius: petal * 0.95, degrees: -90 + Double(index) * 72)
            return "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"\(number(petal * 0.75))\" fill=\"\(fill)\" "
                + "stroke=\"\(stroke)\" stroke-width=\"1\"/>"
        }.joined()
        return petals + "<circle cx=\"\(number(point.x))\" cy=\"\(number(point.y))\" r=\"\(number(petal * 0.55))\" "
            + "fill=\"\(centre)\"/>"
    }

    static func petals(
        cx: Double, cy: Double, count: Int, distance: Double, rx: Double, ry: Double, fill: String,
        stroke: String
    ) -> String {
        (0..<count).map { index in
            let degrees = Double(index) * 360 / Double(count)
            return "<ellipse cx=\"\(number(cx))\" cy=\"\(number(cy - distance))\" rx=\"\(number(rx))\" "
                + "ry=\"\(number(ry))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1\" "
                + "transform=\"rotate(\(number(degrees)) \(number(cx)) \(number(cy)))\"/>"
        }.joined()
    }

    /// Points along a quadratic curve, `count` of them from start to end.
    static func curve(
        from p0: (Double, Double), control p1: (Double, Double), to p2: (Double, Double),
        count: Int
    ) -> [(x: Double, y: Double)] {
        (0..<count).map { index in
            let t = count > 1 ? Double(index) / Double(count - 1) : 0.5
            let a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t
            return (a * p0.0 + b * p1.0 + c * p2.0, a * p0.1 + b * p1.1 + c * p2.1)
        }
    }

    static func pearls(
        from p0: (Double, Double), control p1: (Double, Double), to p2: (Double, Double), count: Int,
        radius: Double
    ) -> String {
        curve(from: p0, control: p1, to: p2, count: count).map { point in
            "<circle cx=\"\(number(point.x))\" cy=\"\(number(point.y))\" r=\"\(number(radius))\" fill=\"#f8fafc\" "
                + "stroke=\"#94a3b8\" stroke-width=\"1\"/>"
        }.joined()
    }

    static func flags(
        from p0: (Double, Double), control p1: (Double, Double), to p2: (Double, Double),
        colours: [String]
    ) -> String {
        let points = curve(from: p0, control: p1, to: p2, count: colours.count + 2).dropFirst().dropLast()
        return zip(points, colours).map { point, colour in
            "<polygon points=\"\(number(point.x - 6)),\(number(point.y)) \(number(point.x + 6)),\(number(point.y)) "
                + "\(number(point.x)),\(number(point.y + 14))\" fill=\"\(colour)\" stroke=\"#475569\" "
                + "stroke-width=\"1\" stroke-linejoin=\"round\"/>"
        }.joined()
    }

    // The torso in the body slot's box: centre (50, 48), a little wider than the body (40×36) so clothes sit on it.
    static let torsoCentre = (x: 50.0, y: 48.0), torsoRadii = (x: 40.0, y: 36.0)

    static func torsoHalfWidth(at y: Double) -> Double {
        let dy = (y - torsoCentre.y) / torsoRadii.y
        return torsoRadii.x * max(0, 1 - dy * dy).squareRoot()
    }

    /// The torso between two heights, with a neckline dipping `neckDip` below the top.
    static func torso(top: Double, bottom: Double, fill: String, stroke: String, neckDip: Double = 10) -> String {
        let (cx, rx, ry) = (torsoCentre.x, torsoRadii.x, torsoRadii.y)
        let topHalf = torsoHalfWidth(at: top), bottomHalf = torsoHalfWidth(at: bottom)
        let d =
            "M\(number(cx - topHalf)) \(number(top)) A\(number(rx)) \(number(ry)) 0 0 0 "
            + "\(number(cx - bottomHalf)) \(number(bottom)) Q\(number(cx)) \(number(bottom + 5)) "
            + "\(number(cx + bottomHalf)) \(number(bottom)) A\(number(rx)) \(number(ry)) 0 0 0 "
            + "\(number(cx + topHalf)) \(number(top)) Q\(number(cx)) \(number(top + neckDip * 2)) "
            + "\(number(cx - topHalf)) \(number(top)) Z"
        return "<path d=\"\(d)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
    }

    /// A horizontal band across the torso, inside its outline.
    static func torsoBand(from y0: Double, to y1: Double, fill: String) -> String {
        let cx = torsoCentre.x
        let h0 = torsoHalfWidth(at: y0) - 1.5, h1 = torsoHalfWidth(at: y1) - 1.5
        let d =
            "M\(number(cx - h0)) \(number(y0)) H\(number(cx + h0)) L\(number(cx + h1)) \(number(y1)) "
            + "H\(number(cx - h1)) Z"
        return "<path d=\"\(d)\" fill=\"\(fill)\"/>"
    }

    /// Sleeves over the upper arms.
    static func sleeves(fill: String, stroke: String) -> String {
        "<ellipse cx=\"14\" cy=\"44\" rx=\"11\" ry=\"13\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\" "
            + "transform=\"rotate(25 14 44)\"/><ellipse cx=\"86\" cy=\"44\" rx=\"11\" ry=\"13\" fill=\"\(fill)\" "
            + "stroke=\"\(stroke)\" stroke-width=\"2\" transform=\"rotate(-25 86 44)\"/>"
    }

    /// Leaves fanning out from a pot.
    static func leafFan(
        baseX: Double, baseY: Double, angles: [Double], length: Double, fills: [String],
        stroke: String
    ) -> String {
        zip(angles, fills).map { degrees, fill in
            "<ellipse cx=\"\(number(baseX))\" cy=\"\(number(baseY - length / 2))\" rx=\"8\" "
                + "ry=\"\(number(length / 2 + 2))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.5\" "
                + "transform=\"rotate(\(number(degrees)) \(number(baseX)) \(number(baseY)))\"/>"
        }.joined()
    }

    /// Books standing on a shelf, left to right: (width, height, colour).
    static func books(shelfBottom: Double, left: Double, _ books: [(Double, Double, String)]) -> String {
        var x = left
        return books.map { width, height, colour in
            defer { x += width + 0.5 }
            return "<rect x=\"\(number(x))\" y=\"\(number(shelfBottom - height))\" width=\"\(number(width))\" "
                + "height=\"\(number(height))\" fill=\"\(colour)\" stroke=\"#451a03\" stroke-width=\".8\"/>"
        }.joined()
    }

    // The striped rug is a trapezoid: top edge 16–84 at y 32, bottom edge 5–95 at y 60.
    static func rugEdge(at y: Double) -> Double { 16 - (y - 32) * 11 / 28 }

    static func rugBand(from y0: Double, to y1: Double, fill: String) -> String {
        let l0 = rugEdge(at: y0) + 1, l1 = rugEdge(at: y1) + 1
        let d = "M\(number(l0)) \(number(y0)) H\(number(100 - l0)) L\(number(100 - l1)) \(number(y1)) H\(number(l1)) Z"
        return "<path d=\"\(d)\" fill=\"\(fill)\"/>"
    }

    static func fringe(y1: Double, y2: Double, leftTop: Double, leftBottom: Double, stroke: String) -> String {
        let steps = 6
        let d = (0...steps).map { index -> String in
            let y = y1 + (y2 - y1) * Double(index) / Double(steps)
            let x = leftTop + (leftBottom - leftTop) * Double(index) / Double(steps)
            return "M\(number(x)) \(number(y)) h-4 M\(number(100 - x)) \(number(y)) h4"
        }.joined(separator: " ")
        return "<path d=\"\(d)\" stroke=\"\(stroke)\" stroke-width=\"1.5\" stroke-linecap=\"round\"/>"
    }

    static func clockTicks(cx: Double, cy: Double) -> String {
        let d = (0..<12).map { hour -> String in
            let inner = hour % 3 == 0 ? 21.0 : 24.0
            let a = onCircle(cx: cx, cy: cy, radius: inner, degrees: Double(hour) * 30)
            let b = onCircle(cx: cx, cy: cy, radius: 27, degrees: Double(hour) * 30)
            return "M\(number(a.x)) \(number(a.y)) L\(number(b.x)) \(number(b.y))"
        }.joined(separator: " ")
        return "<path d=\"\(d)\" stroke=\"#334155\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
    }
}
