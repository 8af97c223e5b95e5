import DoableCore
import Foundation

/// GAME-2: the companion's face (its mood) and the marks that come with levels: a star badge from level 5, a glow
/// from 25, a crown mark on the forehead from 50 and sparkles at 100; hearts when petted.
extension CompanionArt {
    static let eyes: [Double] = [84, 116]

    static func face(_ species: Companion.Species, mood: Mood, palette p: CompanionPalette) -> String {
        let ink = CompanionPalette.ink
        var parts = ""
        if species == .owl {
            parts += eyes.map { x in
                "<circle cx=\"\(number(x))\" cy=\"82\" r=\"11\" fill=\"#fbbf24\" stroke=\"\(p.dark)\" stroke-width=\"2\"/>"
            }.joined()
        }
        // Around the eyes: the owl's facial disc, or the coat.
        let skin = species == .owl ? "#fbbf24" : p.base
        for x in eyes {
            switch mood {
            case .happy:
                parts +=
                    "<ellipse cx=\"\(number(x))\" cy=\"82\" rx=\"6.5\" ry=\"7.5\" fill=\"\(ink)\"/>"
                    + "<circle cx=\"\(number(x - 2.2))\" cy=\"79\" r=\"2.6\" fill=\"#fff\"/>"
                    + "<circle cx=\"\(number(x + 2.2))\" cy=\"85\" r=\"1.2\" fill=\"#fff\"/>"
            case .neutral:
                parts +=
                    "<ellipse cx=\"\(number(x))\" cy=\"82\" rx=\"5.5\" ry=\"6.5\" fill=\"\(ink)\"/>"
                    + "<circle cx=\"\(number(x - 1.8))\" cy=\"79.5\" r=\"2\" fill=\"#fff\"/>"
            case .sad:
                parts +=
                    "<ellipse cx=\"\(number(x))\" cy=\"84\" rx=\"5.5\" ry=\"5.5\" fill=\"\(ink)\"/>"
                    + "<circle cx=\"\(number(x - 1.5))\" cy=\"85\" r=\"1.6\" fill=\"#fff\"/>"
                    + "<path d=\"M\(number(x - 8)) 76 H\(number(x + 8)) V82.5 Q\(number(x)) 79 \(number(x - 8)) 82.5 Z\" "
                    + "fill=\"\(skin)\"/>"
                    + "<path d=\"M\(number(x - 6.5)) 82 Q\(number(x)) 79.4 \(number(x + 6.5)) 82\" fill=\"none\" "
                    + "stroke=\"\(ink)\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
            }
        }
        parts += nose(species)
        parts += mouth(species, mood: mood)
        switch mood {
        case .happy:
            parts += mirrored("<ellipse cx=\"70\" cy=\"98\" rx=\"7\" ry=\"4\" fill=\"#fb7185\" opacity=\".45\"/>")
        case .neutral:
            break
        case .sad:
            parts +=
                mirrored(
                    "<path d=\"M75 73 Q83 70 92 67\" fill=\"none\" stroke=\"\(p.dark)\" stroke-width=\"2.5\" "
                        + "stroke-linecap=\"round\"/>")
                + "<path d=\"M76 92 Q71.5 99 76 102.5 Q80.5 99 76 92 Z\" fill=\"#7dd3fc\" stroke=\"#0284c7\" "
                + "stroke-width=\"1.2\"/>"
        }
        if species == .cat {
            parts += mirrored(
                "<path d=\"M80 98 L58 93 M80 102 L58 104\" stroke=\"\(p.dark)\" stroke-width=\"1.6\" "
                    + "stroke-linecap=\"round\" opacity=\".7\"/>")
        }
        return parts
    }

    static func nose(_ species: Companion.Species) -> String {
        let ink = CompanionPalette.ink
        switch species {
        case .cat, .bunny:
            return "<path d=\"M95 92 H105 L100 97.5 Z\" fill=\"\(CompanionPalette.pink)\" "
                + "stroke=\"\(CompanionPalette.pinkDark)\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>"
        case .dog:
            return "<ellipse cx=\"100\" cy=\"94\" rx=\"7\" ry=\"5\" fill=\"\(ink)\"/>"
                + "<ellipse cx=\"98\" cy=\"92.5\" rx=\"2.2\" ry=\"1.2\" fill=\"#fff\" opacity=\".6\"/>"
        case .fox:
            return "<ellipse cx=\"100\" cy=\"96\" rx=\"5\" ry=\"3.8\" fill=\"\(ink)\"/>"
        case .owl:
            return "<path d=\"M93 91 L107 91 L100 104 Z\" fill=\"#f59e0b\" stroke=\"#b45309\" stroke-width=\"2\" "
                + "stroke-linejoin=\"round\"/>"
        case .dragon:
            return "<circle cx=\"95\" cy=\"97\" r=\"1.8\" fill=\"\(ink)\"/><circle cx=\"105\" cy=\"97\" r=\"1.8\" "
                + "fill=\"\(ink)\"/>"
        }
    }

    static func mouth(_ species: Companion.Species, mood: Mood) -> String {
        let ink = CompanionPalette.ink
        let y: Double =
            switch species {
            case .cat, .bunny: 101
            case .dog: 104
            case .fox: 103
            case .owl: 107
            case .dragon: 106
            }
        let top = number(y)
        switch mood {
        case .happy:
            if species == .owl {
                return "<path d=\"M95 103 L105 103 L100 109 Z\" fill=\"#d97706\" stroke=\"#b45309\" stroke-width=\"1.5\" "
                    + "stroke-linejoin=\"round\"/>"
            }
            var smile =
                "<path d=\"M90 \(top) Q100 \(number(y + 14)) 110 \(top) Q100 \(number(y + 4)) 90 \(top) Z\" "
                + "fill=\"#9f1239\" stroke=\"\(ink)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
                + "<ellipse cx=\"100\" cy=\"\(number(y + 5.5))\" rx=\"4\" ry=\"1.8\" fill=\"#fb7185\"/>"
            if species == .bunny {
                smile += "<rect x=\"96.5\" y=\"\(number(y + 1.6))\" width=\"7\" height=\"4\" rx=\"1\" fill=\"#fff\"/>"
            }
            return smile
        case .neutral:
            if species == .owl { return "" }
            return "<path d=\"M94 \(number(y + 3)) H106\" stroke=\"\(ink)\" stroke-width=\"2.5\" "
                + "stroke-linecap=\"round\"/>"
        case .sad:
            let low = number(y + 8)
            let mid = number(y + 1)
            return "<path d=\"M92 \(low) Q100 \(mid) 108 \(low)\" fill=\"none\" stroke=\"\(ink)\" stroke-width=\"2.5\" "
                + "stroke-linecap=\"round\"/>"
        }
    }

    // MARK: Levels and petting

    /// A soft glow behind the companion, in its own colour.
    static func aura(color: Companion.Color, palette p: CompanionPalette) -> String {
        let id = "companion-aura-\(color.rawValue)"
        return "<defs><radialGradient id=\"\(id)\"><stop offset=\".45\" stop-color=\"\(p.base)\" stop-opacity=\".55\"/>"
            + "<stop offset=\"1\" stop-color=\"\(p.base)\" stop-opacity=\"0\"/></radialGradient></defs>"
            + "<circle cx=\"100\" cy=\"110\" r=\"96\" fill=\"url(#\(id))\"/>"
    }

    static let levelBadge =
        star(cx: 121, cy: 133, outer: 7.5, inner: 3.4)
        + "<circle cx=\"121\" cy=\"133.5\" r=\"1.4\" fill=\"#fff\" opacity=\".8\"/>"

    static let crownMark =
        "<path d=\"M90 57 L90 47 L95 52 L100 44 L105 52 L110 47 L110 57 Z\" "
        + "fill=\"\(CompanionPalette.gold)\" stroke=\"\(CompanionPalette.goldDark)\" stroke-width=\"1.5\" "
        + "stroke-linejoin=\"round\"/>"

    static let sparkles = [(26.0, 40.0, 8.0), (174, 54, 6), (20, 128, 5), (180, 152, 7)].map { x, y, size in
        sparkle(cx: x, cy: y, size: size)
    }.joined()

    static let hearts = [(62.0, 24.0, 5.5), (100, 12, 7.5), (138, 24, 5.5)].map { x, y, size in
        let s = size
        let d =
            "M\(number(x)) \(number(y + s * 0.9)) C\(number(x - s * 1.7)) \(number(y - s * 0.1)) "
            + "\(number(x - s * 0.7)) \(number(y - s * 1.4)) \(number(x)) \(number(y - s * 0.45)) "
            + "C\(number(x + s * 0.7)) \(number(y - s * 1.4)) \(number(x + s * 1.7)) \(number(y - s * 0.1)) "
            + "\(number(x)) \(number(y + s * 0.9)) Z"
        return "<path class=\"heart\" d=\"\(d)\" fill=\"#f43f5e\" stroke=\"#be123c\" stroke-width=\"1.5\" "
            + "stroke-linejoin=\"round\"/>"
    }.joined()

    static func star(cx: Double, cy: Double, outer: Double, inner: Double) -> String {
        let points = (0..<10).map { index -> String in
            let radius = index % 2 == 0 ? outer : inner
            let angle = (-90 + Double(index) * 36) * Double.pi / 180
            return number(cx + radius * cos(angle)) + "," + number(cy + radius * sin(angle))
        }
        return "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(CompanionPalette.gold)\" "
            + "stroke=\"\(CompanionPalette.goldDark)\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
    }

    static func sparkle(cx: Double, cy: Double, size s: Double) -> String {
        let t = s * 0.28
        let d =
            "M\(number(cx)) \(number(cy - s)) Q\(number(cx + t)) \(number(cy - t)) \(number(cx + s)) \(number(cy)) "
            + "Q\(number(cx + t)) \(number(cy + t)) \(number(cx)) \(number(cy + s)) "
            + "Q\(number(cx - t)) \(number(cy + t)) \(number(cx - s)) \(number(cy)) "
            + "Q\(number(cx - t)) \(number(cy - t)) \(number(cx)) \(number(cy - s)) Z"
        return "<path d=\"\(d)\" fill=\"#fde047\" stroke=\"#ca8a04\" stroke-width=\"1\" stroke-linejoin=\"round\"/>"
    }
}
