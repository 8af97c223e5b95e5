public import DoableCore
import Foundation

/// GAME-2 and GAME-3: the companion, its home and the store's items, drawn by the server as SVG: shapes only, no
/// script, no event attributes and nothing fetched from anywhere. The companion is drawn in a 200×200 frame (head
/// circle at (100, 78), body at (100, 148), standing on y ≈ 186); worn items are layered in their slot's 100×100 box
/// at `StoreItem.Slot.boxOrigin` (the conventions are in `StoreItem.catalogue`), in a fixed order: body, neck, held,
/// eyes, head.
public enum CompanionArt {
    /// The order worn items are layered in, bottom first.
    static let wornOrder: [StoreItem.Slot] = [.body, .neck, .held, .eyes, .head]
    /// The order home items are drawn in, back first.
    static let homeOrder: [StoreItem.Slot] = [.wall, .shelf, .rug, .floorLeft, .floorRight]

    /// The whole companion: `title` is its accessible name (escaped here). `petted` adds the class `petted` on the
    /// root (app.css makes it bounce) and hearts above the head.
    public static func svg(
        companion: Companion, mood: Mood, level: Int, worn: [StoreItem], petted: Bool,
        title: String
    ) -> String {
        let palette = CompanionPalette(companion.color)
        let species = companion.species
        let items = worn.filter(\.slot.isWorn)
        func layer(_ slot: StoreItem.Slot) -> String { items.filter { $0.slot == slot }.map(placed).joined() }
        let hasBody = items.contains { $0.slot == .body }
        let hasHeld = items.contains { $0.slot == .held }

        var parts: [String] = []
        if level >= 25 { parts.append(aura(color: companion.color, palette: palette)) }
        parts.append(##"<ellipse cx="100" cy="189" rx="46" ry="6" fill="#000" opacity=".14"/>"##)
        parts.append(behind(species, palette))
        parts.append(feet(species, palette))
        parts.append(body(species, palette))
        parts.append(arms(species, palette))
        parts.append(ears(species, palette))
        parts.append(head(species, palette, level: level))
        if level >= 50 { parts.append(crownMark) }
        parts.append(face(species, mood: mood, palette: palette))
        for slot in wornOrder {
            parts.append(layer(slot))
            switch slot {
            case .neck:
                // Paws show under sleeves and capes; the star badge is pinned on top of clothes.
                if hasBody { parts.append(pawTip(x: 59, species, palette)) }
                if level >= 5 { parts.append(levelBadge) }
            case .held:
                // The right paw closes over what it holds.
                if hasBody || hasHeld { parts.append(pawTip(x: 141, species, palette)) }
            default:
                break
            }
        }
        if level >= 100 { parts.append(sparkles) }
        if petted { parts.append(hearts) }

        let className = petted ? "companion-art petted" : "companion-art"
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(className)\" viewBox=\"0 0 200 200\" role=\"img\">"
            + "<title>\(escaped(title))</title>" + parts.joined() + "</svg>"
    }

    /// The companion at home: a 400×260 room with the companion (a drawing from `svg`) standing in the middle and
    /// the furniture at its slots.
    public static func home(companionSVG: String, furniture: [StoreItem]) -> String {
        let items = furniture.filter { !$0.slot.isWorn }
        let things = homeOrder.map { slot in items.filter { $0.slot == slot }.map(placed).joined() }
        let name = titleText(of: companionSVG) ?? "Your companion"
        let with = items.isEmpty ? "" : " with " + items.map { escaped($0.name) }.joined(separator: ", ")
        let isPetted = companionSVG.contains("class=\"companion-art petted\"")
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"companion-home\" viewBox=\"0 0 400 260\" "
            + "role=\"img\"><title>\(name), at home\(with)</title>" + room
            + things.joined()
            + "<g class=\"home-companion\(isPetted ? " petted" : "")\">" + nested(companionSVG) + "</g></svg>"
    }

    /// One item alone in a 100×100 drawing (store cards, the inventory), zoomed to where its slot draws.
    public static func itemPreview(_ item: StoreItem) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"item-preview\" viewBox=\"0 0 100 100\" width=\"100\" "
            + "height=\"100\" role=\"img\"><title>\(escaped(item.name))</title>"
            + "<g transform=\"\(previewTransform(item.slot))\">\(item.svg)</g></svg>"
    }

    // MARK: Layers

    /// An item in its slot's box.
    static func placed(_ item: StoreItem) -> String {
        let origin = item.slot.boxOrigin
        return "<g class=\"item item-\(item.slot.rawValue)\" transform=\"translate(\(origin.x) \(origin.y))\">"
            + item.svg + "</g>"
    }

    /// Zooms a slot's box on the part its drawings use (a hat sits in the top half of its box).
    static func previewTransform(_ slot: StoreItem.Slot) -> String {
        switch slot {
        case .head: "translate(0 22)"
        case .neck: "translate(-25 -12) scale(1.5)"
        case .shelf: "translate(-20 -28) scale(1.4)"
        case .rug: "translate(0 4)"
        case .eyes, .body, .held, .floorLeft, .floorRight, .wall: "translate(0 0)"
        }
    }

    /// The room: a warm wall with a window, a shelf, a skirting board and a wooden floor.
    static let room = [
        ##"<rect width="400" height="176" fill="#fdf1d8"/>"##,
        ##"<path d="M40 0 V170 M120 0 V170 M280 0 V170 M360 0 V170" stroke="#f5e2bd" stroke-width="14"/>"##,
        ##"<rect x="166" y="16" width="68" height="58" rx="4" fill="#bfe6fb" stroke="#a16207" stroke-width="5"/>"##,
        ##"<path d="M200 18 V72 M168 45 H232" stroke="#a16207" stroke-width="3"/>"##,
        ##"<path d="M176 30 L186 22 M178 38 L194 24" stroke="#fff" stroke-width="3" stroke-linecap="round" "##
            + ##"opacity=".7"/>"##,
        ##"<rect x="160" y="74" width="80" height="6" rx="2" fill="#b45309"/>"##,
        ##"<rect x="270" y="100" width="104" height="7" rx="2" fill="#b45309"/>"##,
        ##"<path d="M284 107 L292 118 M360 107 L352 118" stroke="#92400e" stroke-width="4" stroke-linecap="round"/>"##,
        ##"<rect y="168" width="400" height="8" fill="#e9d3ac"/>"##,
        ##"<rect y="176" width="400" height="84" fill="#d9a86c"/>"##,
        ##"<path d="M0 200 H400 M0 228 H400 M90 176 V200 M250 176 V200 M40 200 V228 M180 200 V228 M330 200 V228 "##
            + ##"M120 228 V260 M290 228 V260" stroke="#c38f52" stroke-width="2"/>"##,
    ].joined()

    /// The companion's drawing placed in the middle of the room, feet on the floor.
    static func nested(_ companionSVG: String) -> String {
        guard let start = companionSVG.range(of: "<svg") else { return "" }
        return companionSVG.replacingCharacters(in: start, with: "<svg x=\"130\" y=\"50\" width=\"140\" height=\"140\"")
    }

    /// The (already escaped) text of a drawing's `<title>`.
    static func titleText(of svg: String) -> String? {
        guard let open = svg.range(of: "<title>"),
            let close = svg.range(of: "</title>", range: open.upperBound..<svg.endIndex)
        else { return nil }
        return String(svg[open.upperBound..<close.lowerBound])
    }

    /// Text for element content and double-quoted attributes.
    static func escaped(_ text: String) -> String {
        var output = ""
        HTML.escape(text, into: &output)
        return output
    }

    static func number(_ value: Double) -> String { SVGCoordinate.text(value) }
}
